-- meeple.cli.agents: who chooses a move for a seat: the built-in random
-- and greedy agents, and bot scripts (FILE.lua defining choose(view)).
-- An agent is a function(play) that applies one move.

local common = require "meeple.cli.common"
local eprintf, usage = common.eprintf, common.usage

local M = {}
local agents = {}
M.builtin = agents

function agents.random(play)
  play:random_move()
end

-- The move that most raises this player's lead once the turn's own
-- follow-up decisions (a figure after a tile) are made greedily too.
local function score_lead(play, player)
  local scores = play:game():scores()
  local best_other = -math.huge
  for p, s in ipairs(scores) do
    if p ~= player and s > best_other then best_other = s end
  end
  if best_other == -math.huge then best_other = 0 end
  return scores[player] - best_other
end

local function greedy_value(play, player, depth)
  if play:over() or play:player() ~= player or depth == 0 then return score_lead(play, player) end
  local best = -math.huge
  for i = 1, play:move_count() do
    local copy = play:clone()
    copy:apply_index(i)
    local v = greedy_value(copy, player, depth - 1)
    if v > best then best = v end
  end
  return best
end

function agents.greedy(play)
  local player = play:player()
  local best, best_i = -math.huge, 1
  for i = 1, play:move_count() do
    local copy = play:clone()
    copy:apply_index(i)
    local v = greedy_value(copy, player, 1)
    if v > best then best, best_i = v, i end
  end
  play:apply_index(best_i)
end

-- A bot script defines choose(view) returning the index of a legal move.
local function load_bot(path)
  local code, err = require("meeple.files").read(path)
  if not code then return nil, ("cannot read bot: %s"):format(err) end
  local env = meeple_host.run("@" .. path, code, {})
  if type(env) ~= "table" or type(env.choose) ~= "function" then
    return nil, ("%s: a bot must define function choose(view)"):format(path)
  end
  return function(play)
    local moves = {}
    for i = 1, play:move_count() do moves[i] = play:move_name(i) end
    local view = { player = play:player(), turn = play:turn(), phase = play:phase(),
                   tile = play:tile(), scores = play:game():scores(), moves = moves }
    local i = meeple_host.call(env.choose, view)
    if math.type(i) ~= "integer" or i < 1 or i > #moves then
      error(("%s: choose returned %s, not a move index 1..%d"):format(path, tostring(i), #moves), 0)
    end
    play:apply_index(i)
  end
end

function M.make_agents(cmd, list)
  local out = {}
  for i, name in ipairs(list) do
    if agents[name] then
      out[i] = agents[name]
    elseif name:match("%.lua$") then
      local ok, bot, err = pcall(load_bot, name)
      if not ok then eprintf("meeple %s: %s\n", cmd, tostring(bot)) return nil, 1 end
      if not bot then eprintf("meeple %s: %s\n", cmd, err) return nil, 1 end
      out[i] = bot
    else
      return nil, usage(cmd, "unknown agent '%s' (random, greedy or FILE.lua)", name)
    end
  end
  return out
end

return M
