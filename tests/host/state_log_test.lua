-- Issue #19: a script's state is a live table with an undo log
-- (meeple.loader.state_live). A failed move undoes exactly what its hooks
-- wrote (nested, deleted and added keys, new nested tables), across
-- several hooks of one move; the blob is produced only when read and is
-- then encode() of the live table; clones, save/load and restore carry
-- it; two games never share a live table; a hostile script cannot get
-- around the log.
--
-- Run from the repository root:  meeple script tests/host/state_log_test.lua

local loader = require "meeple.loader"
local codec = require "meeple.state"
local meeple = require "meeple"

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
local function load(code)
  return loader.load{ game = "base", rules = { script(code) }, run = meeple_host.run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- tile_placed edits the state everywhere (adds, deletes, replaces nested
-- tables); turn_end, a second hook of the same move, fails now and then:
-- the whole move's edits must go.
local EDITS = [[
state { n = 0, gone = "here", list = { 1, 2 }, t = { x = 1, deep = { y = 0 } } }
on("tile_placed", function(ctx)
  local st = ctx.state
  st.n = st.n + 1
  st.list[#st.list + 1] = { turn = ctx.turn, tags = { "a", ctx.turn } }
  st.t.deep.y = st.t.deep.y + ctx.turn
  st.t.deep["k" .. ctx.turn] = true
  st.gone = nil
  if ctx.turn % 3 == 0 then st.t = { x = st.t.x + 1, deep = st.t.deep } end
  if ctx.turn % 4 == 0 then table.remove(st.list, 1) end
  st.added = st.added or {}
  st.added[ctx.turn] = -ctx.turn
end)
on("turn_end", function(ctx)
  if ctx.state.fail_on == ctx.turn then error("boom") end
end)
on("turn_begin", function(ctx)
  -- every 5th turn arms a failure for its own end, once
  if ctx.turn % 5 == 0 and not ctx.state.armed[ctx.turn] then
    ctx.state.armed[ctx.turn] = true
    ctx.state.fail_on = ctx.turn
  end
end)
]]

do
  local rs = load(EDITS:gsub("state { n = 0,", "state { armed = {}, n = 0,", 1))
  local play = loader.new_play(rs, { players = 2, seed = 7 })
  local failures, moves = 0, 0
  while not play:over() and moves < 400 do
    local before = play:game():serialize()
    local blob = play:game():blob(1)
    local i = play:random_choice()
    local ok, err = pcall(play.apply_index, play, i)
    if not ok then
      failures = failures + 1
      check(tostring(err):find("boom", 1, true) ~= nil, "the failure is the hook's: " .. tostring(err))
      check(play:game():serialize() == before, "a failed move leaves the game and its state as before")
      check(play:game():blob(1) == blob, "a failed move leaves the state's text as before")
      -- the failure stays armed (its own clearing would be undone too)
      break
    end
    moves = moves + 1
  end
  check(failures == 1, ("one failure (got %d)"):format(failures))
end

-- The same edits, failing once per game in turn_end after tile_placed
-- wrote (and after turn_end itself wrote more): the move is retried and
-- the game goes on. Its final state must be the state of a game that
-- made the same moves with no failure at all.
local FAILS_ONCE = EDITS:gsub("state { n = 0,", "state { armed = {}, n = 0,", 1):gsub(
  [[if ctx.state.fail_on == ctx.turn then error%("boom"%) end]],
  [[if ctx.state.fail_on == ctx.turn and not FAILED then
    FAILED = true
    ctx.state.fail_on = nil
    ctx.state.junk = { 1, { 2 } }
    ctx.state.t.deep = nil
    error("boom")
  end]]):gsub("^", "local FAILED\n")
local NEVER = EDITS:gsub("state { n = 0,", "state { armed = {}, n = 0,", 1):gsub(
  [[if ctx.state.fail_on == ctx.turn then error%("boom"%) end]], "")
for seed = 1, 4 do
  local play = loader.new_play(load(FAILS_ONCE), { players = 2, seed = seed })
  local chosen, failures = {}, 0
  while not play:over() do
    local blob = play:game():blob(1)
    local i = play:random_choice()
    if not pcall(play.apply_index, play, i) then
      failures = failures + 1
      check(play:game():blob(1) == blob, ("seed %d: the failed move's text is as before"):format(seed))
      play:apply_index(i)
    end
    chosen[#chosen + 1] = i
  end
  check(failures == 1, ("seed %d: one failure (got %d)"):format(seed, failures))
  local control = loader.new_play(load(NEVER), { players = 2, seed = seed })
  for _, i in ipairs(chosen) do control:apply_index(i) end
  local got, want = play:game():blob(1), control:game():blob(1)
  check(got == want, ("seed %d: the state is that of a game with no failure"):format(seed))
  check(codec.decode(got).junk == nil, "a table the failed hook added is gone")
end

-- Clone, save and load, restore: the live table and the text agree, and
-- two games never share their live table.
do
  local rs = load([[
state { placed = 0, ids = {} }
on("tile_placed", function(ctx, tile)
  local st = ctx.state
  st.placed = st.placed + 1
  st.ids[#st.ids + 1] = tile:info().id
end)
]])
  local a = loader.new_play(rs, { players = 2, seed = 11 })
  for _ = 1, 12 do a:random_move() end
  local text_a = a:game():blob(1)
  local b = a:clone()
  check(b:game():blob(1) == text_a, "a clone carries the state's text")
  -- both go on differently: their states must diverge, each its own
  for _ = 1, 9 do a:random_move() end
  for _ = 1, 3 do b:random_move() end
  local sa, sb = codec.decode(a:game():blob(1)), codec.decode(b:game():blob(1))
  check(sa.placed ~= sb.placed, ("clones keep their own state (%d vs %d)"):format(sa.placed, sb.placed))
  check(#sa.ids == sa.placed and #sb.ids == sb.placed, "each state counts its own game's tiles")
  -- save and load: the text survives byte for byte
  local saved = a:game():serialize()
  local loaded = meeple.deserialize(rs.rules, saved)
  check(loaded:blob(1) == a:game():blob(1), "serialize/deserialize keeps the state's text")
  check(loaded:serialize() == saved, "a loaded game serializes to the same bytes")
  -- restore (undo across turns): a goes back to b's position and state
  local b_text = b:game():blob(1)
  a:restore(b)
  check(a:game():blob(1) == b_text, "restore brings the other play's state")
  a:random_move()
  local after = codec.decode(a:game():blob(1))
  check(after.placed >= sb.placed and after.placed <= sb.placed + 1,
        "after restore the hooks go on from the restored state")
  check(b:game():blob(1) == b_text, "the play restored from is untouched")
end

-- A hostile script cannot get around the log: each attempt fails with a
-- clear message, and the move is undone.
local HOSTILE = {
  { [[rawset(ctx.state, "x", 1)]], "rawset: the table is protected" },
  { [[rawset(ctx.state.t, "x", 1)]], "rawset: the table is protected" },
  { [[setmetatable(ctx.state, {})]], "cannot change a protected metatable" },
  { [[ctx.state.f = print]], "state cannot hold a function" },
  { [[ctx.state.t.deep = { f = function() end }]], "state cannot hold a function" },
  { [[ctx.state.self = ctx.state]], "state cannot hold a cycle" },
  { [[ctx.state.t.up = ctx.state]], "state cannot hold a cycle" },
  { [[local c = {}; c.c = c; ctx.state.c = c]], "state cannot hold a cycle" },
  { [[ctx.state[{}] = 1]], "state keys must be strings, numbers or booleans" },
  { [[ctx.state.nan = 0/0]], "state cannot hold NaN" },
}
for _, case in ipairs(HOSTILE) do
  local rs = load(([[
state { n = 0, t = { deep = {} } }
on("tile_placed", function(ctx)
  ctx.state.n = ctx.state.n + 1
  if ctx.state.n == 3 then %s end
end)
]]):format(case[1]))
  local play = loader.new_play(rs, { players = 2, seed = 5 })
  local err, kept
  while not play:over() do
    local before = play:game():serialize()
    local ok, e = pcall(play.random_move, play)
    if not ok then err, kept = e, play:game():serialize() == before; break end
  end
  err = tostring(err)
  check(err:find(case[2], 1, true) ~= nil, ("%s: fails with '%s', got: %s"):format(case[1], case[2], err))
  check(err:find("%.lua:%d+:") ~= nil, case[1] .. ": the message names the script's line: " .. err)
  check(kept, case[1] .. ": the failed move left the game as before")
end

-- A state table kept past its hook and written from another game's hook
-- is refused (the other game would change silently).
do
  local rs = load([[
state { n = 0 }
local kept
on("tile_placed", function(ctx)
  if kept and kept ~= ctx.state then kept.n = 99 end
  kept = kept or ctx.state
  ctx.state.n = ctx.state.n + 1
end)
]])
  local a = loader.new_play(rs, { players = 2, seed = 3 })
  a:random_move()
  local b = loader.new_play(rs, { players = 2, seed = 4 })
  local ok, err = pcall(function() for _ = 1, 4 do b:random_move() end end)
  check(not ok and tostring(err):find("only in a hook of its own game", 1, true) ~= nil,
        "writing another game's state is refused: " .. tostring(err))
end

-- Reading a state costs nothing per entry: pairs, # and ipairs see the
-- live contents; the text is the codec's.
do
  local rs = load([[
state { list = { 3, 1, 2 }, map = { b = 2, a = 1 } }
on("turn_begin", function(ctx)
  local st = ctx.state
  local sum = 0
  for _, v in ipairs(st.list) do sum = sum + v end
  local keys = 0
  for _ in pairs(st.map) do keys = keys + 1 end
  if sum ~= 6 or keys ~= (st.map.c and 3 or 2) or #st.list ~= 3 then error("reads are wrong") end
  table.sort(st.list)
  st.map.c = #st.list
end)
]])
  local play = loader.new_play(rs, { players = 2, seed = 1 })
  for _ = 1, 6 do play:random_move() end
  local text = play:game():blob(1)
  check(text == codec.encode({ list = { 1, 2, 3 }, map = { a = 1, b = 2, c = 3 } }),
        "the blob is encode() of the live table: " .. tostring(text))
end

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
