-- Vetoes the flow calls itself (bindings/hooks/hook_veto.c) judge as the Lua
-- dispatcher does: the same calls in the same order (candidate by
-- candidate, no hook after the first refusal), the same view of each
-- move and of ctx, the same moves kept, so the same games. Plays games
-- whose vetoes refuse some moves and trace every call, once on the C path
-- and once through the dispatcher (meeple.loader.simulate with `dispatcher`
-- sends every hook through it), and compares. Then checks what only the C
-- path does: a budget per call, not per round; reasons kept for the
-- play's last round; a bad reason's message.
--
-- Run from the repository root:  meeple script tests/lua/hooks/veto_calls_test.lua

local loader = require "meeple.loader"
local dispatch = require "meeple.loader.dispatch"

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local t = require("testlib").new("veto_calls")
local function check(cond, msg) return t:ok(cond, msg) end

local trace
local cleanups = {}
local function load(codes, game)
  local rules, cleanup = t.rule_files(codes)
  cleanups[#cleanups + 1] = cleanup
  local function run(chunkname, code, api)
    api.TRACE = function(s) trace[#trace + 1] = s end
    return meeple_host.run(chunkname, code, api)
  end
  return loader.load{ game = game or "base", rules = rules, run = run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

local function traced(rs, profile, games)
  trace = {}
  local list = loader.simulate(rs, { games = games or 4, players = 2, seed = 5, dispatcher = profile ~= nil })
  return trace, list
end

local function compare(name, codes, game)
  local rs = load(codes, game)
  local direct, direct_games = traced(rs, nil)
  local dispatched, dispatched_games = traced(rs, {})
  check(#direct > 100, name .. ": the vetoes ran (" .. #direct .. " calls)")
  check(#direct == #dispatched, ("%s: as many calls: %d from C, %d dispatched"):format(
    name, #direct, #dispatched))
  local first_diff
  for i = 1, math.max(#direct, #dispatched) do
    if direct[i] ~= dispatched[i] then first_diff = i; break end
  end
  check(first_diff == nil, first_diff and ("%s: call %d: from C '%s', dispatcher '%s'"):format(
    name, first_diff, tostring(direct[first_diff]), tostring(dispatched[first_diff])) or name .. ": same calls")
  for g = 1, #direct_games do
    check(table.concat(direct_games[g].scores, ",") == table.concat(dispatched_games[g].scores, ",")
          and direct_games[g].moves == dispatched_games[g].moves,
          name .. ": game " .. g .. ": the same moves and scores")
  end
  return direct
end

-- Two scripts: A refuses by position and reads everything a veto sees
-- (the move's fields, pairs over it, ctx's lazy fields, its state); B
-- runs after A, so it sees only what A kept, and narrows to meeples.
local A = [[
state { n = 0 }
allow("tile_placement", function(ctx, move)
  local keys = {}
  for k in pairs(move) do keys[#keys + 1] = k end
  table.sort(keys)
  ctx.state.n = ctx.state.n + 1
  TRACE(("A %s %s %s %d,%d r%d t%d p%d n%d [%s]"):format(ctx.phase, move.type, move.tile, move.x,
        move.y, move.rot, ctx.turn, ctx.player, ctx.state.n, table.concat(keys, " ")))
  if (move.x + 2 * move.y + move.rot) % 3 == 0 then return false, "A says no" end
  return true
end)
allow("figure_placement", function(ctx, move)
  local at = move.at
  TRACE(("Ad %s %s %s %s"):format(move.type, tostring(move.figure), at and at.feature:kind() or "-",
        tostring(at and at.where)))
  if at and at.feature:kind() == "field" then return false end
end)
]]
local B = [[
allow("tile_placement", function(ctx, move)
  TRACE(("B %d,%d r%d %s"):format(move.x, move.y, move.rot, ctx.part))
  return move.rot ~= 2
end)
allow("figure_placement", function(ctx, move)
  TRACE(("Bd %s t%d"):format(move.figure, ctx.turn))
  return true
end, { figures = { "meeple" } })
]]
compare("two scripts, placements and deploys", { A, B })

-- Scoped vetoes: only their tiles' placements reach Lua, on either path.
local scoped = compare("scoped to tiles", { [[
allow("tile_placement", function(ctx, move)
  TRACE(("S %s %d,%d r%d"):format(move.tile, move.x, move.y, move.rot))
  return move.x >= -3
end, { tiles = { "pennant" } })
]] })
local pennant = { C = true, F = true, M = true, Q = true, O = true, S = true }
for _, line in ipairs(scoped) do
  check(pennant[line:match("^S (%S+) ")], "a scoped veto sees only its tiles' placements: " .. line)
end

-- A veto's arguments are read-only on the C path too.
do
  local rs = load({ [[
allow("tile_placement", function(ctx, move) move.x = 1 end)
]] })
  local ok, err = pcall(loader.simulate, rs, { games = 1, players = 2, seed = 1 })
  check(not ok and tostring(err):find("a hook's arguments are read-only (cannot set 'x')", 1, true)
        and tostring(err):find(":1:", 1, true), "writing to the move raises at the script's line: " .. tostring(err))
end

-- A reason that is no string: one message naming the veto's line.
do
  local rs = load({ [[
allow("tile_placement", function(ctx, move) return false, 42 end)
]] })
  local ok, err = pcall(loader.simulate, rs, { games = 1, players = 2, seed = 1 })
  check(not ok and tostring(err):find(":1: a veto's reason must be a string, not a number", 1, true),
        "a bad reason: " .. tostring(err))
end

-- The budget is per call: a veto that takes most of a call's budget runs
-- on every candidate (about 40 a turn), which would not fit in one
-- budget for the whole round.
do
  local rs = load({ [[
allow("tile_placement", function(ctx, move)
  local s = 0
  for i = 1, 3000 do s = s + i end
  return s > 0
end)
]] })
  meeple_host.set_limits(20000)
  local ok, err = pcall(loader.simulate, rs, { games = 1, players = 2, seed = 1 })
  check(ok, "each candidate gets the call budget: " .. tostring(err))
  -- and a veto over the budget still trips it
  local over = load({ [[
allow("tile_placement", function(ctx, move)
  local s = 0
  for i = 1, 30000 do s = s + i end
  return true
end)
]] })
  ok, err = pcall(loader.simulate, over, { games = 1, players = 2, seed = 1 })
  check(not ok and tostring(err):find("budget", 1, true), "over the budget: " .. tostring(err))
  meeple_host.set_limits(10000000)
end

-- Reasons are kept for the play's last round, and forgotten by the next.
do
  local rs = load({ [[
allow("tile_placement", function(ctx, move)
  if ctx.turn == 1 and (move.y < 0 or move.x < 0) then
    TRACE(("%s %d %d %d"):format(move.tile, move.x, move.y, move.rot))
    return false, "nothing north or west"
  end
  return true
end)
]] })
  trace = {}
  local play = loader.new_play(rs, { players = 2, seed = 3 })
  local moves = play:moves()
  check(#trace > 0 and #moves > 0, "some placements refused, some kept")
  local tile, x, y, rot = (trace[1] or ""):match("^(%S+) (%S+) (%S+) (%S+)$")
  local refused = { type = "place", tile = tile, x = tonumber(x), y = tonumber(y), rot = tonumber(rot) }
  local why = dispatch.veto_reason(play, refused) or "none"
  check(why:find("^nothing north or west %(.+:1%)$"), "the reason and the veto's line: " .. why)
  check(dispatch.veto_reason(play, moves[1]) == nil, "no reason for a move kept")
  local m = moves[1]
  play:apply(m)
  while play:phase() ~= "place_tile" do play:apply(play:moves()[#play:moves()]) end
  play:moves()
  check(play:turn() == 2, "turn 2")
  check(dispatch.veto_reason(play, refused) == nil, "the next round forgets the last one's reasons")
end

-- A deploy refused with a reason, among others refused: the reasons are
-- built only when asked (#41), each the move's own with its veto's line,
-- the move (its feature) as the hook was shown it; asked twice, the same.
do
  local rs = load({ [[
allow("figure_placement", function(ctx, move)
  local kind = move.at.feature and move.at.feature:kind()
  if kind == "road" then return false, "no robbers" end
  if kind == "city" then return false, "no knights here" end
end)
]] })
  local play = loader.new_play(rs, { players = 2, seed = 1 })
  local asked = 0
  for _ = 1, 40 do
    local moves = play:moves() -- the phase's veto round runs as its moves are listed
    if play:phase() == "place_figure" then
      local g, th = play:game(), play:placed()
      for i = 1, th:info().segments do
        local f = th:feature(i)
        local kind = f:kind()
        if (kind == "road" or kind == "city") and g:supply(play:player(), "meeple") > 0 and not f:figures()[1] then
          local t = th:info()
          local move = { type = "deploy", figure = "meeple", at = { x = t.x, y = t.y, segment = i, feature = f } }
          local want = kind == "road" and "no robbers" or "no knights here"
          local why = dispatch.veto_reason(play, move)
          asked = asked + 1
          check(why and why:find("^" .. want:gsub("%p", "%%%0") .. " %(.+:%d%)$") and why == dispatch.veto_reason(play, move),
                ("deploy on a %s: %s"):format(kind, tostring(why)))
        end
      end
    end
    play:apply(moves[#moves])
  end
  check(asked > 3, "deploy reasons asked (" .. asked .. ")")
end

for _, cleanup in ipairs(cleanups) do cleanup() end
t:done()
