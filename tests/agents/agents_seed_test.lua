-- Same seeds, same game: an MCTS or greedy game replays move for move
-- from its seeds; a different agent seed changes the MCTS's choices; a
-- time budget and the named agents of the CLI work (issue 21).
local loader = require "meeple.loader"
local meeple = require "meeple"
local agents = require "meeple.agents"
local matches = require "meeple.cli.matches"

local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = {}, rules = {}, options = {}, run = meeple_host.run,
                         script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" } }

local function game_moves(a, b, seed)
  local play = loader.new_play(rs, { players = 2, seed = seed })
  local names = {}
  while not play:over() do
    local agent = play:player() == 1 and a or b
    local i = agent:choose(play, seed)
    names[#names + 1] = play:move_name(i)
    play:apply_index(i)
  end
  return table.concat(names, "\n"), play:game():scores()
end

local m1 = meeple.agent { kind = "mcts", playouts = 20, seed = 7 }
local m2 = meeple.agent { kind = "mcts", playouts = 20, seed = 7 }
local m3 = meeple.agent { kind = "mcts", playouts = 20, seed = 8 }
local g = meeple.agent { kind = "greedy" }
local first, s1 = game_moves(m1, g, 3)
local again, s2 = game_moves(m2, g, 3)
check(first == again, "same seeds give the same game")
check(s1[1] == s2[1] and s1[2] == s2[2], "same seeds give the same scores")
local other = game_moves(m3, g, 3)
check(other ~= first, "another agent seed gives another game")
local gg1 = game_moves(g, g, 4)
local gg2 = game_moves(g, g, 4)
check(gg1 == gg2, "greedy is deterministic")

-- reply_sample sets the sample of the other players' playout moves only:
-- -1 is the default search, 0 another one, and both replay from seeds
-- (with a sample of 4: the default sample 0 is reply_sample 0's too)
local function mcts_reply(rsample)
  return meeple.agent { kind = "mcts", playouts = 20, seed = 7, sample = 4, reply_sample = rsample }
end
local replies = game_moves(mcts_reply(0), g, 3)
check(replies == game_moves(mcts_reply(0), g, 3), "same seeds give the same game with reply_sample")
check(replies ~= first, "reply_sample = 0 changes the search")
local sample4 = game_moves(meeple.agent { kind = "mcts", playouts = 20, seed = 7, sample = 4 }, g, 3)
check(sample4 ~= first, "sample = 4 changes the search")
check(game_moves(mcts_reply(-1), g, 3) == sample4, "reply_sample = -1 is the search with the sample of every move")
check(game_moves(meeple.agent { kind = "mcts", playouts = 20, seed = 7, sample = 0 }, g, 3) == first,
      "sample = 0 is the default search")

-- follow: 0 is the default search, other values change it and replay
-- from seeds
for _, key in ipairs { "follow" } do
  local function agent(v)
    return meeple.agent { kind = "mcts", playouts = 20, seed = 7, [key] = v }
  end
  local on = game_moves(agent(3), g, 3)
  check(on == game_moves(agent(3), g, 3), "same seeds give the same game with " .. key)
  check(on ~= first, key .. " = 3 changes the search")
  check(game_moves(agent(0), g, 3) == first, key .. " = 0 is the default search")
  local okk, msg = pcall(meeple.agent, { kind = "mcts", [key] = -1 })
  check(not okk and msg:match(key .. " must be in 0%.%."), key .. " = -1 is refused: " .. tostring(msg))
end

-- stop_settled (the default) ends a search once no playout left can
-- change the most visited root move: every decision of a game is the one
-- the full search makes, and some searches stop early
do
  local full = meeple.agent { kind = "mcts", playouts = 60, seed = 7, stop_settled = 0 }
  local quick = meeple.agent { kind = "mcts", playouts = 60, seed = 7 }
  local play = loader.new_play(rs, { players = 2, seed = 5 })
  local decisions, same, stopped, ran_full = 0, 0, 0, 0
  while not play:over() do
    local i, st = quick:choose(play, 5)
    local j, st_full = full:choose(play, 5)
    decisions = decisions + 1
    if i == j then same = same + 1 end
    if st.playouts < 60 and st_full.playouts > 0 then stopped = stopped + 1 end
    if st_full.playouts == 60 or st_full.playouts == 0 then ran_full = ran_full + 1 end
    play:apply_index(j)
  end
  check(same == decisions, ("a settled stop plays the full search's move (%d of %d)"):format(same, decisions))
  check(ran_full == decisions, "stop_settled = 0 runs every playout")
  check(stopped > decisions // 10, ("settled searches stop early (%d of %d)"):format(stopped, decisions))
end

-- the playout horizon grows with the budget: by default 2 turns below
-- 1000 playouts, 3 from 1000, 4 from 2000 (one more per doubling); an
-- explicit playout_turns overrides it
do
  local play = loader.new_play(rs, { players = 2, seed = 5 })
  local g1 = meeple.agent { kind = "greedy" }
  for _ = 1, 6 do play:apply_index((g1:choose(play, 5))) end
  local function search(playouts, turns)
    local a = meeple.agent { kind = "mcts", playouts = playouts, seed = 7, playout_turns = turns }
    local i, st = a:choose(play, 5)
    return ("%d %d %d %.17g"):format(i, st.playouts, st.visits, st.value)
  end
  for _, case in ipairs { { 999, 2, 3 }, { 1000, 3, 2 }, { 2000, 4, 3 } } do
    local playouts, turns, other = case[1], case[2], case[3]
    local by_budget = search(playouts)
    check(by_budget == search(playouts, turns),
          ("%d playouts search %d-turn playouts by default"):format(playouts, turns))
    check(by_budget ~= search(playouts, other),
          ("%d playouts do not search %d-turn playouts"):format(playouts, other))
  end
end

-- a time budget searches and answers
local timed = meeple.agent { kind = "mcts", time_ms = 5 }
local play = loader.new_play(rs, { players = 2, seed = 1 })
local i, st = timed:choose(play, 1)
check(math.type(i) == "integer" and i >= 1 and i <= play:move_count(), "timed search picks a move")
check(st.playouts >= 8, "timed search ran playouts: " .. st.playouts)
check(st.tree_bytes > 0 and st.nodes >= 1, "stats describe the tree")

-- named agents as the CLI parses them
check(agents.make("mcts:50") ~= nil, "mcts:50 is an agent")
check(agents.make("mcts:time=20ms:c=0.7:seed=3") ~= nil, "mcts with settings is an agent")
check(agents.make("greedy:depth=1") ~= nil, "greedy:depth=1 is an agent")
local none, err = agents.make("mcts:fast")
check(none == nil and err:match("mcts:fast"), "a bad setting is refused: " .. tostring(err))
none, err = agents.make("mcts:c=-1")
check(none == nil and err:match("exploration"), "a bad value is refused: " .. tostring(err))
none, err = agents.make("mcts:rsample=-2")
check(none == nil and err:match("reply_sample"), "a sample below -1 is refused: " .. tostring(err))
none, err = agents.make("alphazero")
check(none == nil and err:match("unknown agent"), "an unknown agent is refused")
local okn, msg = pcall(meeple.agent, { kind = "mcts", playout = 5 })
check(not okn and msg:match("unknown argument 'playout'"), "unknown keys are refused")

-- seat rotation: each agent sits in each seat once per round, same seed
local s = matches.seating(1, 2, 2, true)
local t = matches.seating(2, 2, 2, true)
check(s[1] == 1 and s[2] == 2 and t[1] == 2 and t[2] == 1, "rotation swaps the seats")
check(matches.seed_of(1, 10, 2, true) == 10 and matches.seed_of(2, 10, 2, true) == 10
      and matches.seed_of(3, 10, 2, true) == 11, "a round shares its seed")
local lo, hi = matches.wilson(0.5, 100)
check(lo > 0.40 and lo < 0.41 and hi > 0.59 and hi < 0.60, "Wilson interval")

print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
