-- Issue #19: the reader of ctx.state (bindings/hooks/ctx_fields.c) keeps the
-- running hook's live state in ctx's fields, so that a hook's later
-- reads are one raw lookup. What it keeps must go whenever it stops being
-- that hook's state in that game: when the game's state is dropped (the
-- game overwritten by play:restore, or its blob set from outside), when
-- another game's event comes through the same ctx (or through the same
-- view: an agent's lender), and when another script's hook runs. Each case here reads a kept value that would be
-- stale, and fails if it is still there.
--
-- Run from the repository root:  meeple script tests/host/state_kept_test.lua

local loader = require "meeple.loader"
local codec = require "meeple.state"
local meeple = require "meeple"

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local testlib = require("testlib")
local t = testlib.new("state_kept")
local function check(cond, msg) return t:ok(cond, msg) end

-- A counts its placements (and checks that ctx.state is one table
-- within a call); B, a second script, keeps its own count.
local A = [[
state { n = 0, id = "A" }
on("tile_placed", function(ctx)
  local st = ctx.state
  if rawequal(st, ctx.state) == false then error("ctx.state changed within a call") end
  if st.id ~= "A" then error("A's hook read " .. tostring(st.id) .. "'s state") end
  st.n = st.n + 1
end)
]]
local B = [[
state { m = 0, id = "B" }
on("tile_placed", function(ctx)
  if ctx.state.id ~= "B" then error("B's hook read " .. tostring(ctx.state.id) .. "'s state") end
  ctx.state.m = ctx.state.m + 1
end)
]]

local cleanups = {}
local function load(codes)
  local rules, cleanup = testlib.rule_files(codes)
  cleanups[#cleanups + 1] = cleanup
  return loader.load{ game = "base", rules = rules, run = meeple_host.run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end
local function state_of(play, slot)
  local text = play:game():blob(slot or 1)
  return text and codec.decode(text) or {}
end
-- Plays n moves; true, or false and the error.
local function moves(play, n)
  for _ = 1, n do
    local ok, err = pcall(play.random_move, play)
    if not ok then return false, err end
  end
  return true
end
-- Tiles placed so far (each placement is one tile_placed call).
local function placed(play) return play:game():tile_count() end

-- The game overwritten (play:restore) between two calls of one hook in
-- the same ctx: the next call counts on from the copied game's state.
do
  local rs = load({ A })
  local a = loader.new_play(rs, { players = 2, seed = 1 })
  local b = loader.new_play(rs, { players = 2, seed = 2 })
  check(moves(b, 4), "b plays")
  check(moves(a, 9), "a plays")   -- a's state is kept in ctx now
  local before = placed(b)
  a:restore(b)
  local ok, err = moves(a, 3)
  check(ok, "a plays on after restore: " .. tostring(err))
  local n = state_of(a).n
  check(n == placed(a) - 1, ("after restore a counts from b's state: n=%s, %d placed (start tile uncounted)")
        :format(tostring(n), placed(a)))
  check(state_of(b).n == before - 1, "b's own state is untouched")
end

-- The game's blob set from outside (the state dropped and decoded anew).
do
  local rs = load({ A })
  local a = loader.new_play(rs, { players = 2, seed = 3 })
  check(moves(a, 5), "a plays")
  a:game():set_blob(1, codec.encode({ n = 100, id = "A" }))
  local ok, err = moves(a, 2)
  check(ok, "a plays on after set_blob: " .. tostring(err))
  local st = state_of(a)
  check(st.n >= 101 and st.n <= 102, ("counts on from the blob set: n=%s"):format(tostring(st.n)))
end

-- Two games through one ctx, move by move: each counts its own.
do
  local rs = load({ A })
  local a = loader.new_play(rs, { players = 2, seed = 4 })
  local b = loader.new_play(rs, { players = 2, seed = 5 })
  for _ = 1, 8 do
    check(moves(a, 1) and moves(b, 1), "a and b play in turn")
  end
  check(state_of(a).n == placed(a) - 1 and state_of(b).n == placed(b) - 1,
        ("each game's own count (a %d of %d, b %d of %d)"):format(state_of(a).n, placed(a) - 1,
        state_of(b).n, placed(b) - 1))
end

-- Two scripts' hooks of one event: each reads its own state.
do
  local rs = load({ A, B })
  local a = loader.new_play(rs, { players = 2, seed = 6 })
  local ok, err = moves(a, 12)
  check(ok, "A and B alternate: " .. tostring(err))
  local n = placed(a) - 1
  check(state_of(a, 1).n == n and state_of(a, 2).m == n,
        ("each script counted every placement (A %s, B %s, %d)"):format(tostring(state_of(a, 1).n),
        tostring(state_of(a, 2).m), n))
end

-- An agent's search: its lender shows each copy through one view, then
-- the game itself again; the hooks in the copies and in the game each
-- count in their own game's state.
do
  local rs = load({ A })
  local a = loader.new_play(rs, { players = 2, seed = 7 })
  local agent = meeple.agent { kind = "mcts", playouts = 4, playout_turns = 2, prior_visits = 0, seed = 3 }
  local ok, err = true, nil
  for turn = 1, 10 do
    if not ok then break end
    local before = a:game():serialize()
    ok, err = pcall(function() return a:apply_index(agent:choose(a, turn)) end)
    check(not ok or a:game():serialize() ~= before, "the agent's move was played")
  end
  check(ok, "the agent searches and plays with a state hook: " .. tostring(err))
  check(state_of(a).n == placed(a) - 1,
        ("the game counted its own placements only (%s, %d)"):format(tostring(state_of(a).n), placed(a) - 1))
end

-- The first write to a level copies it (bindings/host/state_write.c, as
-- state_live's materialize): a nested table read before that copy stays
-- the one the state holds, and writes through it are the state's.
local ALIAS = [[
state { n = 0, list = { 1, 2, 3 }, t = { deep = { y = 0 } } }
on("tile_placed", function(ctx)
  local st = ctx.state
  local list, deep = st.list, st.t.deep   -- read while their levels are shared
  st.n = st.n + 1                          -- copies the top level
  list[1] = list[1] + 1                    -- copies list's level
  deep.y = deep.y + 2                      -- copies t's level, then deep's
  if not rawequal(st.list, list) or not rawequal(st.t.deep, deep) then
    error("a table read before the copy is not the state's any more")
  end
  if st.list[1] ~= st.n + 1 or st.t.deep.y ~= 2 * st.n then
    error(("writes through the aliases were lost: n=%d list[1]=%d y=%d"):format(st.n, st.list[1], st.t.deep.y))
  end
end)
]]
do
  local rs = load({ ALIAS })
  for seed = 8, 9 do
    local a = loader.new_play(rs, { players = 2, seed = seed })
    local ok, err = moves(a, 6)
    check(ok, "aliases of nested tables survive the copy: " .. tostring(err))
    local st = state_of(a)
    check(st.n == placed(a) - 1 and st.list[1] == st.n + 1 and st.list[3] == 3 and st.t.deep.y == 2 * st.n,
          ("the copied levels hold every write (n=%s list[1]=%s y=%s)"):format(tostring(st.n),
          tostring(st.list and st.list[1]), tostring(st.t and st.t.deep.y)))
  end
end

-- Transforms called from C (bindings/hooks/hook_transform.c): two scripts'
-- transforms of one event each read their own state, in game after game.
local TA = [[
state { id = "TA", n = 0 }
transform("feature_points", function(ctx, feature, points)
  if ctx.state.id ~= "TA" then error("TA's transform read " .. tostring(ctx.state.id) .. "'s state") end
  ctx.state.n = ctx.state.n + 1
  return points
end)
]]
local TB = [[
state { id = "TB", n = 0 }
transform("feature_points", function(ctx, feature, points)
  if ctx.state.id ~= "TB" then error("TB's transform read " .. tostring(ctx.state.id) .. "'s state") end
  ctx.state.n = ctx.state.n + 1
  return points
end)
]]
do
  local rs = load({ TA, TB })
  for seed = 10, 12 do
    local a = loader.new_play(rs, { players = 2, seed = seed })
    local ok, err = moves(a, 40)
    check(ok, "two scripts' transforms read their own state: " .. tostring(err))
    check(state_of(a, 1).n == state_of(a, 2).n, "both transforms counted every call")
  end
end

for _, c in ipairs(cleanups) do c() end
t:done()
