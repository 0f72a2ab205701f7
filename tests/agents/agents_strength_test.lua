-- A bounded strength check (issue 21): 40 games of a small MCTS against
-- the random agent, seats rotated. The MCTS has no greedy priors, so only
-- its search can win. MCTS must win at least 34; a random
-- agent in its place wins about 20 (fewer than 30 in 99.9% of runs), so
-- the test fails if the search stops searching (its playouts use the
-- default greedy policy, but the move played is the search's choice). The real strength
-- figures come from bench/strength.sh, not from a test.
local loader = require "meeple.loader"
local agents = require "meeple.agents"
local matches = require "meeple.cli.matches"

local root = os.getenv("MEEPLE_ROOT") or "."
local spec = (...) or "mcts:12:turns=2:prior=0"
local rs = loader.load { game = "base", with = {}, rules = {}, options = {}, run = meeple_host.run,
                         script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" } }
local results = matches.run(rs, 2, { names = { spec, "random" }, games = 40, seed = 1, rotate = true })
local rows = matches.by_agent(results, { spec, "random" })
local wins = rows[1].name == spec and rows[1].wins or rows[2].wins
print(("%s won %.1f of 40 games against random"):format(spec, wins))
if wins >= 34 then return 0 end
print("FAIL the search is no stronger than random")
return 1
