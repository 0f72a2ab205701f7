-- bench/agent_speed.lua: how fast the MCTS agent decides (CPU time, one
-- core): playouts per second inside the search, milliseconds per
-- decision, and the largest tree. Run through the meeple executable:
--   build/meeple script bench/agent_speed.lua [SPEC [GAMES [GAME [WITH [DECISIONS]]]]]
-- e.g. build/meeple script bench/agent_speed.lua 500 4 base
--      build/meeple script bench/agent_speed.lua mcts:500:turns=0:prior=0 4 base
-- SPEC: a number of playouts or an mcts agent name as in --agents;
-- WITH "-": no expansion; DECISIONS: stop each game after that many
-- decisions (a short run for callgrind). For instructions per playout,
-- count only the search's:
--   valgrind --tool=callgrind --toggle-collect=gk_mcts_choose build/meeple \
--     script bench/agent_speed.lua 500 1 base - 40
-- and divide the instructions by the playouts it prints.
local loader = require "meeple.loader"
local meeple = require "meeple"

local agents = require "meeple.agents"

local spec = select(1, ...) or "500"
if spec:match("^%d+$") then spec = "mcts:" .. spec end
local args = assert(agents.parse_spec(spec))
local games = math.tointeger(tonumber((select(2, ...)))) or 4
local game = select(3, ...) or "base"
local with = select(4, ...)
if with == "-" then with = nil end
local max_decisions = math.tointeger(tonumber((select(5, ...)))) or math.maxinteger
local root = os.getenv("MEEPLE_ROOT") or "."

local rs = loader.load { game = game, with = with and { with } or {}, rules = {}, options = {},
                         run = meeple_host.run, script_dirs = { root .. "/scripts" },
                         tile_dirs = { root .. "/tiles" } }
local agent = meeple.agent(args)
local decisions, searched, total_playouts, cpu, biggest, cpu_searched = 0, 0, 0, 0, 0, 0
for seed = 1, games do
  local play = loader.new_play(rs, { players = 2, seed = seed })
  local made = 0
  while not play:over() and made < max_decisions do
    made = made + 1
    local t0 = os.clock()
    local i, st = agent:choose(play, seed)
    local dt = os.clock() - t0
    cpu = cpu + dt
    decisions = decisions + 1
    if st.playouts > 0 then
      searched = searched + 1
      cpu_searched = cpu_searched + dt
      total_playouts = total_playouts + st.playouts
      if st.tree_bytes > biggest then biggest = st.tree_bytes end
    end
    play:apply_index(i)
  end
end
print(("%s%s, %s, %d games, %d decisions (%d searched: more than one legal move)"):format(
  game, with and (" + " .. with) or "", spec, games, decisions, searched))
print(("  playouts                       %d"):format(total_playouts))
print(("  playouts/s inside the search   %.0f"):format(total_playouts / cpu_searched))
print(("  ms per decision                %.2f (searched ones: %.2f)"):format(1000 * cpu / decisions,
  1000 * cpu_searched / searched))
print(("  largest tree                   %.2f MB"):format(biggest / 1048576))
return 0
