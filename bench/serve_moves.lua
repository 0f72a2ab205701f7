-- How long `meeple serve` takes to answer a legal-move request
-- (GET /api/v1/tables/ID/moves), per game, in process (the HTTP layer
-- adds a round trip of well under a millisecond on localhost; over HTTP,
-- with the time split between server and run queue:
-- python3 bench/serve_http.py):
--   build/meeple script bench/serve_moves.lua [GAMES_PER_SPEC]
-- Prints median, 99th percentile and max per game over every decision
-- of random games.
local server = require "meeple.server"
local games = tonumber(arg and arg[1]) or 3
local specs = {
  { game = "base" }, { game = "base", with = { "traders_builders" } }, { game = "base", with = { "abbey_mayor" } },
  { game = "base", with = { "traders_builders", "abbey_mayor" } }, { game = "hunters_gatherers" },
  { game = "new_world" },
}
server.setup({ root = os.getenv("MEEPLE_ROOT") or "." }, { game = "base", agents = { "human" } })
for _, spec in ipairs(specs) do
  local times = {}
  for seed = 1, games do
    local t = server.new_table({ game = spec.game, with = spec.with, seed = seed, agents = { "human" } })
    local path = "/api/v1/tables/" .. t.id .. "/moves"
    while not t.play:over() do
      local t0 = os.clock()
      local status = server.handle("GET", path, "", false)
      times[#times + 1] = (os.clock() - t0) * 1000
      assert(status == 200)
      collectgarbage("step", 0) -- as the server does once an answer is sent
      t.play:random_move()
      collectgarbage("step", 0)
      t.version = t.version + 1
    end
  end
  table.sort(times)
  local name = spec.game .. (spec.with and ("+" .. table.concat(spec.with, "+")) or "")
  print(("%-42s median %.3f ms  p99 %.3f ms  max %.3f ms  (%d requests)"):format(name,
    times[#times // 2 + 1], times[math.ceil(#times * 0.99)], times[#times], #times))
end
