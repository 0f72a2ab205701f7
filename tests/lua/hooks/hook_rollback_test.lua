-- Issue #19: a failing hook rolls back its whole move, state included,
-- on both paths a notification takes (the flow's direct call and the Lua
-- dispatcher), for an error, the instruction budget and the memory cap,
-- after nested edits of the state; and the hook profile counts calls
-- exactly.
--
-- Run from the repository root:  meeple script tests/lua/hooks/hook_rollback_test.lua

local loader = require "meeple.loader"
local hook_profile = require "meeple.cli.hook_profile"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
end

local temps = {}
local function script(code)
  local base = os.tmpname()
  local path = base .. ".lua"
  local f = assert(io.open(path, "w")); f:write(code); f:close()
  temps[#temps + 1] = base; temps[#temps + 1] = path
  return path
end
local function load(rules)
  return loader.load{ game = "base", rules = rules, run = meeple_host.run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- The hook edits its state deep down, then fails once on turn 5. The
-- state remembers the last turn it saw: seeing it again means a failed
-- call's edits leaked past the undo.
local FAILS = {
  error = [[error("boom")]],
  budget = [[while true do end]],
  memory = [[local s = ("x"):rep(1 << 40)]],
}
local HOOK = [[
state { n = 0, last = 0, nested = { list = { 1, 2 }, t = { x = 1, deep = { y = 0 } } } }
local failed_once = false
on("tile_placed", function(ctx, tile, args)
  -- the subject is the placed tile's handle, args a read-only view
  if tile:info().id ~= args.tile_id then error("subject is not the placed tile") end
  if pcall(function() args.phase = "x" end) then error("args are writable") end
  local st = ctx.state
  if st.last == ctx.turn then error("state leaked from a failed call") end
  st.n, st.last = st.n + 1, ctx.turn
  st.nested.t.x = st.nested.t.x + 1
  st.nested.t.deep.y = st.nested.t.deep.y + ctx.turn
  st.nested.list[#st.nested.list + 1] = ctx.turn
  if ctx.turn == 5 and not failed_once then
    failed_once = true
    %s
  end
end%s)
]]
-- a second hook that narrows by tiles sends every tile_placed call
-- through the dispatcher
local NARROW = [[on("tile_placed", function() end, { tiles = { "pennant" } })]]

local function run_case(kind, path_name)
  local code = HOOK:format(FAILS[kind], "")
  if path_name == "dispatcher" then code = code .. NARROW end
  local rs = load{ script(code) }
  check((rs.hook_plan == nil), "fresh rules")
  local play = loader.new_play(rs, { players = 2, seed = 3 })
  local failures = 0
  while not play:over() do
    local before = play:game():serialize()
    local i = play:random_choice()
    local ok, err = pcall(play.apply_index, play, i)
    if not ok then
      failures = failures + 1
      check(play:game():serialize() == before,
            ("%s/%s: the game and state are as before the move (%s)"):format(kind, path_name, err))
      local want = kind == "budget" and "instruction budget exceeded"
                   or kind == "memory" and "memory cap exceeded" or "boom"
      check(tostring(err):find(want, 1, true) ~= nil,
            ("%s/%s: message names the cause: %s"):format(kind, path_name, tostring(err)))
      play:apply_index(i)   -- the same move again: the hook passes now
    end
  end
  check(failures == 1, ("%s/%s: one failure (got %d)"):format(kind, path_name, failures))
  local text = play:game():blob(1)
  local st = require("meeple.state").decode(text)
  -- every placement turn counted once: n tiles placed by the hook's calls
  check(st.n == st.nested.t.x - 1 and #st.nested.list == st.n + 2,
        ("%s/%s: nested edits of the failed call were undone (n=%d x=%d #list=%d)"):format(
          kind, path_name, st.n, st.nested.t.x, #st.nested.list))
end

for _, kind in ipairs({ "error", "budget", "memory" }) do
  for _, path_name in ipairs({ "direct", "dispatcher" }) do
    local ok, err = pcall(run_case, kind, path_name)
    check(ok, ("%s/%s ran: %s"):format(kind, path_name, tostring(err)))
  end
end

-- The profile: calls per hook match what the games did. A turn_begin
-- hook runs once per turn; the summary's turns are the games' turns.
do
  local rs = load{ script([[on("turn_begin", function() end)
allow("tile_placement", function() return true end)]]) }
  local game = { rs = rs, players = 2, seed = 1 }
  local report = hook_profile.measure(game, 20)
  local list = loader.simulate(rs, { players = 2, games = 20, seed = 1 })
  local turns = 0
  for _, g in ipairs(list) do turns = turns + g.turns end
  check(#report.rows == 2, "one row per hook")
  check(report.rows[1].event == "turn_begin" and report.rows[1].calls == turns,
        ("turn_begin calls %d == turns played %d"):format(report.rows[1].calls, turns))
  check(report.rows[2].event == "allow_placements" and report.rows[2].calls > turns,
        "allow runs once per candidate placement, more often than once a turn")
  check(report.seconds > 0 and report.rows[1].seconds >= 0, "times are measured")
  local lines = {}
  hook_profile.print(report, function(fmt, ...) lines[#lines + 1] = fmt:format(...) end)
  check(lines[1]:find("profiled over 20 games", 1, true) ~= nil, "title names the games")
  check(lines[3]:match("turn_begin%s+direct%s+[%d.]+%s+[%d.]+%s+[%d.]+%%") ~= nil,
        "a row: path, calls/game, us/call, share: " .. tostring(lines[3]))
end

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
