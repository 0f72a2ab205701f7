-- The position value (engine/src/agent/agent_eval.c) follows what the
-- rules declare (issue 21), through agent:values(play):
--   * a feature's leaders are found by the figures' declared strengths,
--     as its scoring finds them: a mayor (strength: the city's pennants)
--     in a city without pennants leads nothing, and loses to a meeple;
--   * a search's leaves add `final` * what the rules' own final scoring
--     beyond the features would give now: 10 per trade good a player
--     holds most of (Traders & Builders' declared majorities), shared on
--     a tie, nothing with final = 0; the play itself does not change;
--   * a term that counts only for a leader with a given figure there
--     counts for it: a pig in its owner's field adds 1 per closed city
--     next to the field (so some pig, put into fields of random games
--     held by its owner alone, must add more than nothing);
--   * a search's leaves add `complete` * the chance an unfinished
--     feature still closes times what closing adds (below).
local loader = require "meeple.loader"
local meeple = require "meeple"

local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = { "traders_builders", "abbey_mayor" }, rules = {},
                         options = {}, run = meeple_host.run,
                         script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" } }

-- only the open features count: no figures in supply, no final extra,
-- no chance of closing (complete, below)
local open_only = meeple.agent { kind = "mcts", open = 1, figure = 0, final = 0, complete = 0 }
local final_only = meeple.agent { kind = "mcts", open = 0, figure = 0, final = 1, complete = 0 }
local no_final = meeple.agent { kind = "mcts", open = 0, figure = 0, final = 0, complete = 0 }

-- the start tile's city: one tile, no pennant, so 1 point at the end
local play = loader.new_play(rs, { players = 2, seed = 1 })
local g = play:game()
local city
for _, f in ipairs(g:tile_at(0, 0):features()) do
  if f:kind() == "city" then city = f end
end
check(city and city:attr("pennant") == 0, "the start tile has a city without pennants")

g:deploy(2, "mayor", city)
local v = open_only:values(play)
check(v[1] == 0 and v[2] == 0, ("a mayor without pennants leads nothing: %s %s"):format(v[1], v[2]))
g:deploy(1, "meeple", city)
v = open_only:values(play)
check(v[1] == 1 and v[2] == 0, ("the meeple beats the mayor: %s %s"):format(v[1], v[2]))

local scores = g:scores()
g:add_counter(1, "wine", 2)
v = final_only:values(play)
check(v[1] == 10 and v[2] == 0, ("most wine is worth 10: %s %s"):format(v[1], v[2]))
g:add_counter(2, "wine", 2)
g:add_counter(2, "cloth", 1)
v = final_only:values(play)
check(v[1] == 10 and v[2] == 20, ("a tie shares, cloth adds: %s %s"):format(v[1], v[2]))
v = no_final:values(play)
check(v[1] == 0 and v[2] == 0, ("final = 0 adds nothing: %s %s"):format(v[1], v[2]))
local after = g:scores()
check(after[1] == scores[1] and after[2] == scores[2] and g:counter(1, "wine") == 2,
      "valuing changes nothing in the play")

-- the pig: into each field held by one player alone, then home again
local function pig_gains(p)
  local gains, g = {}, p:game()
  for _, m in ipairs(g:placed_figures("meeple")) do
    local info = m:info()
    local fh = info.at.feature
    local alone = fh and fh:kind() == "field"
    for _, f in ipairs(alone and fh:figures() or {}) do alone = alone and f:info().owner == info.owner end
    if alone and g:supply(info.owner, "pig") > 0 then
      local pig = g:deploy(info.owner, "pig", fh)
      local with = open_only:values(p)[info.owner]
      pig:return_to_supply()
      gains[#gains + 1] = with - open_only:values(p)[info.owner]
    end
  end
  return gains
end

local positive, negative, tried = 0, 0, 0
for seed = 1, 3 do
  local rp = loader.new_play(rs, { players = 2, seed = seed })
  local pick, decisions = seed, 0
  while not rp:over() do
    decisions = decisions + 1
    if decisions % 15 == 0 then
      for _, gain in ipairs(pig_gains(rp)) do
        tried = tried + 1
        if gain > 0 then positive = positive + 1 elseif gain < 0 then negative = negative + 1 end
      end
    end
    pick = (pick * 1103515245 + 12345) % 2147483648
    rp:apply_index(1 + pick % rp:move_count())
  end
end
check(positive > 0 and negative == 0,
      ("a pig adds its bonus: %d of %d fields gained, %d lost"):format(positive, tried, negative))

-- `complete`: an unfinished feature that closes by its ports adds, for
-- its leader, the chance it still closes (q per open port, q = left /
-- (left + complete_tiles)) times what closing adds to its points: the
-- start tile's city (one open side: 3 open ports; 1 point now, 2
-- closed) with 70 tiles left (turn 1's tile is drawn) and complete_tiles
-- 8 adds (70 / 78)^3; its road (closed or not 1 per tile) adds nothing;
-- complete = 0 adds nothing.
local base = loader.load { game = "base", with = {}, rules = {}, options = {}, run = meeple_host.run,
                           script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" } }
local bp = loader.new_play(base, { players = 2, seed = 1 })
local bg = bp:game()
local bcity, broad
for _, f in ipairs(bg:tile_at(0, 0):features()) do
  if f:kind() == "city" then bcity = f elseif f:kind() == "road" then broad = f end
end
local left = bg:stack_size("main")
local completing = meeple.agent { kind = "mcts", open = 0, figure = 0, final = 0, complete = 1,
                                  complete_tiles = 8 }
local not_completing = meeple.agent { kind = "mcts", open = 0, figure = 0, final = 0, complete = 0,
                                      complete_tiles = 8 }
bg:deploy(2, "meeple", broad)
v = completing:values(bp)
check(v[1] == 0 and v[2] == 0, ("a road gains nothing by closing: %s %s"):format(v[1], v[2]))
bg:deploy(1, "meeple", bcity)
v = completing:values(bp)
local want = (left / (left + 8)) ^ 3
check(left == 70 and math.abs(v[1] - want) < 1e-12 and v[2] == 0,
      ("the city's closing, %d tiles left: %s %s, want %s"):format(left, v[1], v[2], want))
v = not_completing:values(bp)
check(v[1] == 0 and v[2] == 0, ("complete = 0 adds nothing: %s %s"):format(v[1], v[2]))

-- figure_tiles: with fewer tiles left than that, a figure in supply is
-- worth figure * left / figure_tiles: 7 meeples each, 70 tiles left,
-- figure_tiles 140 (half) or 70 (all of it)
local fresh = loader.new_play(base, { players = 2, seed = 1 })
local function figures_worth(ftiles)
  local a = meeple.agent { kind = "mcts", open = 0, figure = 1, final = 0, figure_tiles = ftiles }
  return a:values(fresh)
end
v = figures_worth(140)
check(v[1] == 3.5 and v[2] == 3.5, ("half the tiles, half the worth: %s %s"):format(v[1], v[2]))
v = figures_worth(70)
check(v[1] == 7 and v[2] == 7, ("as many tiles, the whole worth: %s %s"):format(v[1], v[2]))
v = figures_worth(0)
check(v[1] == 7 and v[2] == 7, ("figure_tiles = 0: always the whole worth: %s %s"):format(v[1], v[2]))

print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
