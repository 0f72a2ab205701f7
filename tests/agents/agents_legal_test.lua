-- The searching agents (meeple.agent: mcts, greedy) play only legal moves
-- in every game and expansion, house rules with Lua hooks included, and
-- leave the position they search untouched (issue 21).
--
-- Run from the repository root:
--   meeple script tests/agents/agents_legal_test.lua [GAMES [PART/PARTS]]
-- PART/PARTS plays only every PARTS-th game from the PART-th (from 1), so
-- CTest runs the 1,000 games as parallel parts.
-- Low playout counts and truncated playouts keep it fast under ASan; the
-- legality check is the flow's: apply_index refuses an illegal index, and
-- the chosen index must lie in 1..move_count.

local loader = require "meeple.loader"
local meeple = require "meeple"

local TOTAL = math.tointeger(tonumber((select(1, ...)))) or 1000
local PART, PARTS = (select(2, ...) or "1/1"):match("^(%d+)/(%d+)$")
PART, PARTS = math.tointeger(tonumber(PART)), math.tointeger(tonumber(PARTS))
local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local SETS = {
  { game = "base" },
  { game = "base", with = { "traders_builders" } },
  { game = "base", with = { "abbey_mayor" } },
  { game = "base", with = { "traders_builders", "abbey_mayor" } },
  { game = "hunters_gatherers" },
  { game = "new_world" },
  { game = "base", rules = { "examples/house-rules/no_early_farmers.lua" } },
  { game = "base", with = { "abbey_mayor" }, rules = { "examples/house-rules/wagon_cloister_road.lua" } },
  { game = "base", with = { "traders_builders" }, rules = { "examples/house-rules/builder_chain.lua" } },
  { game = "new_world", rules = { "examples/house-rules/delayed_surveyor.lua" } },
  { game = "base", with = { "examples/fan-expansion/lakes.lua" } },
}

local function load(set)
  return loader.load { game = set.game, with = set.with or {}, rules = set.rules or {}, options = {},
                       run = meeple_host.run, script_dirs = { root .. "/scripts" },
                       tile_dirs = { root .. "/tiles" } }
end

-- Most games pit two cheap searches (random and greedy playouts); one in ten brings in the greedy
-- look-ahead (alone and as MCTS priors), which copies the position once
-- per legal move and so costs more under ASan.
local CHEAP = {
  meeple.agent { kind = "mcts", playouts = 2, playout_turns = 1, prior_visits = 0, seed = 5,
                 policy = "random" },
  meeple.agent { kind = "mcts", playouts = 3, playout_turns = 1, prior_visits = 0, exploration = 1 },
}
local COSTLY = {
  meeple.agent { kind = "greedy", depth = 2 },
  meeple.agent { kind = "mcts", playouts = 2, playout_turns = 1, prior_visits = 2, prior_depth = 1 },
}

local games, moves, bad = 0, 0, 0

-- One game; counts its moves and any bad choice.
local function play_game(rs, si, k)
  local seed = 1000 * si + k
  local players = 2 + (k % 3 == 0 and 1 or 0)
  local play = loader.new_play(rs, { players = players, seed = seed })
  local pool = k % 10 == 1 and COSTLY or CHEAP
  local a, b = pool[1 + k % 2], pool[1 + (k + 1) % 2]
  while not play:over() do
    local n = play:move_count()
    local before = moves % 16 == 0 and play:game():serialize()
    local agent = play:player() == 1 and a or b
    local i = agent:choose(play, seed)
    if math.type(i) ~= "integer" or i < 1 or i > n then
      bad = bad + 1
      print(("FAIL set %d seed %d: agent chose %s of %d moves"):format(si, seed, tostring(i), n))
      break
    end
    if before and play:game():serialize() ~= before then
      bad = bad + 1
      print(("FAIL set %d seed %d: the search changed the position"):format(si, seed))
    end
    local applied, err = pcall(play.apply_index, play, i)
    if not applied then
      bad = bad + 1
      print(("FAIL set %d seed %d: %s"):format(si, seed, tostring(err)))
      break
    end
    moves = moves + 1
  end
  games = games + 1
end

local wanted = 0
local per_set = TOTAL // #SETS
for si, set in ipairs(SETS) do
  local ok, rs = pcall(load, set)
  check(ok, "loads set " .. si .. ": " .. tostring(rs))
  for k = 1, ok and per_set + (si <= TOTAL % #SETS and 1 or 0) or 0 do
    wanted = wanted + 1
    if (wanted - 1) % PARTS == PART - 1 then play_game(rs, si, k) end
  end
end
local expected = (TOTAL - PART) // PARTS + 1
check(games == expected, ("played %d games (wanted %d)"):format(games, expected))
check(bad == 0, ("%d illegal or disturbing choices in %d moves"):format(bad, moves))
print(("%d games, %d moves by searching agents; %d passed, %d failed"):format(games, moves, passed, failed))
return failed == 0 and 0 or 1
