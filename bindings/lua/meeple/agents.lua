-- meeple.agents: who chooses a move for a seat. An agent is a
-- function(play, salt) returning the index (from 1) of a legal move of
-- play, without playing it; salt tells games apart (the game's seed), so
-- a seeded agent plays the same game again for the same seeds.
--
-- Agents by name (for play, sim and serve):
--   random                 uniformly random moves (the play's own generator)
--   greedy[:depth=N]       best lead after this turn's own decisions, by
--                          points plus a position value (C, gk_agent.h)
--   mcts[:N][:time=T][:c=X][:seed=S][:turns=K][:prior=V][:top=M]
--       [:policy=P][:eps=E][:sample=K][:rsample=K][:crn=0|1][:win=W][:scale=D]
--       [:settle=0|1][:follow=F][:figure=F][:open=O][:final=X]
--       [:complete=W][:ctiles=K][:ftiles=T]
--                          Monte Carlo tree search over determinized draws:
--                          N playouts (default 500) or T of wall time per
--                          decision ("50ms", "1s"), exploration c (0.3),
--                          playouts cut after K turns (by budget: 2 below
--                          1000 playouts, 3 from 1000, 4 from 2000, one
--                          more per doubling up to 8; 2 by time; 0 = to
--                          the end)
--                          and valued by the position, V virtual visits of
--                          greedy priors on the root's moves (20; 0 = none),
--                          only the M best root moves by the priors searched
--                          (0 = all); playouts by policy greedy (the best
--                          lead after the move among `sample` random moves,
--                          0 = all (default); a random move with odds eps,
--                          0.1) or
--                          random; rsample: the sample at the other
--                          players' decisions (-1: sample); crn=1
--                          (default): every root move is tried on the
--                          same draws; reward: win weight W (0) plus
--                          the logistic of the lead gained, scale D (10);
--                          settle=1 (default): stop once no playout left
--                          can change the most visited root move;
--                          follow=F (0): greedy playouts also value the
--                          F best moves by their best follow-up this turn
--                          (a tile by the figure it lets the mover put);
--                          the position value's keys (docs/lua-api.md):
--                          complete=W, ctiles=K: leaves add W * the chance
--                          a feature still closes * what closing adds;
--                          ftiles=T: a figure in supply worth less once
--                          fewer than T tiles are left
--   FILE.lua               a bot script defining choose(view)

local bot = require "meeple.bot"

local M = {}

M.NAMES_HELP = "random, greedy[:depth=N], mcts[:N][:time=50ms][:c=X][:seed=S][:turns=K][:policy=greedy|random], or FILE.lua"

local function random_agent(play)
  return play:random_choice()
end

-- "50ms", "1.5s", "200" (ms) -> milliseconds
local function parse_time(v)
  local n, unit = v:match("^(%d+%.?%d*)(%a*)$")
  n = tonumber(n)
  if not n or n <= 0 then return nil end
  if unit == "" or unit == "ms" then return n end
  if unit == "s" then return n * 1000 end
  return nil
end

local MCTS_KEYS = { c = "exploration", seed = "seed", turns = "playout_turns", playouts = "playouts",
                    time = "time_ms", open = "open", figure = "figure", win = "win_weight",
                    scale = "margin_scale", prior = "prior_visits", follow = "follow", top = "root_moves",
                    policy = "policy", eps = "epsilon", sample = "sample", crn = "common_draws",
                    rsample = "reply_sample", settle = "stop_settled",
                    final = "final", complete = "complete", ctiles = "complete_tiles",
                    ftiles = "figure_tiles" }
local GREEDY_KEYS = { depth = "depth", open = "open", figure = "figure", seed = "seed" }

-- "mcts:500:c=0.7" -> { kind = "mcts", playouts = 500, exploration = 0.7 }
local function parse_spec(spec)
  local parts = {}
  for item in (spec .. ":"):gmatch("([^:]*):") do parts[#parts + 1] = item end
  local kind = parts[1]
  local keys = kind == "mcts" and MCTS_KEYS or kind == "greedy" and GREEDY_KEYS
  if not keys then return nil end
  local args = { kind = kind }
  for i = 2, #parts do
    local k, v = parts[i]:match("^(%a+)=(.+)$")
    if not k and kind == "mcts" and parts[i]:match("^%d+$") then k, v = "playouts", parts[i] end
    if not k then return nil, ("agent '%s': '%s' is not KEY=VALUE"):format(spec, parts[i]) end
    local name = keys[k]
    if not name then return nil, ("agent '%s': unknown setting '%s'"):format(spec, k) end
    local value
    if name == "time_ms" then value = parse_time(v)
    elseif name == "policy" then value = v
    else value = math.tointeger(tonumber(v)) or tonumber(v) end
    if value == nil then return nil, ("agent '%s': bad value '%s' for %s"):format(spec, v, k) end
    args[name] = value
  end
  return args
end

-- The agent a name stands for, or nil and a message.
function M.make(spec)
  if spec == "random" then return random_agent end
  if spec:match("%.lua$") then return bot.load(spec) end
  local args, err = parse_spec(spec)
  if not args then
    return nil, err or ("unknown agent '%s' (%s)"):format(spec, M.NAMES_HELP)
  end
  local ok, agent = pcall(require("meeple").agent, args)
  if not ok then
    return nil, ("agent '%s': %s"):format(spec, (tostring(agent):gsub("^meeple%.agent: ", "")))
  end
  return function(play, salt)
    return (agent:choose(play, salt))
  end, agent
end

M.random = random_agent

M.parse_spec = parse_spec

return M
