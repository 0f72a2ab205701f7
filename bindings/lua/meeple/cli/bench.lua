-- meeple bench: games/s through the rules layer, and the kernel alone on
-- the same tiles for scale.

local loader = require "meeple.loader"
local common = require "meeple.cli.common"

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout
local parse_args, game_spec, load_game, int_arg = common.parse_args, common.game_spec, common.load_game, common.int_arg

local HELP = [[
usage: meeple bench [--games N] [OPTIONS]
       meeple bench --api

Plays games with random agents on one core (default: the base game, 2
players, 20000 games) and prints games/s and moves/s through the rules
loaded from the scripts, then the same tiles through the kernel alone
(playouts/s, placements/s, the cost of one legal-placement listing) and
the ratio of the two: what the rules layer costs. When the scripts have
Lua hooks, one more run (up to 1000 games) times every hook call and
prints, per hook, its calls per game, microseconds per call and share of
that run's time.

With --api it prints instead what one call of each function a hook may
use costs (docs/lua-api.md, "What a call costs"): ns per call inside a
base game's turn_begin hook, and the ratio to an empty Lua function call
timed in the same run.

]] .. common.GAME_OPTIONS .. [[
  --games N            how many games per run (default 20000)
  --repeat N           runs of each measurement; the best is shown (default 3)
  --api                the cost of each API call instead (rounds: --repeat)
  --callgrind FILE     with --api, under valgrind --tool=callgrind
                       --callgrind-out-file=FILE: instructions per call
                       instead of ns (tools/bench-api-callgrind.sh)

example: meeple bench --with traders_builders
]]

-- Wall time would need a C clock; os.clock (CPU time) is right for a
-- one-core benchmark.
local function now() return os.clock() end

local function bench(args, ctx)
  local opts, pos = parse_args(args, game_spec({ games = "value", ["repeat"] = "value", api = "switch",
                                                   callgrind = "value" }))
  if not opts then return usage("bench", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos > 0 then return usage("bench", "unexpected argument '%s'", pos[1]) end
  local games, code = int_arg("bench", "games", opts.games or "20000", 10)
  if not games then return code end
  local repeats
  repeats, code = int_arg("bench", "repeat", opts["repeat"] or "3", 1)
  if not repeats then return code end
  if opts.api then
    local api = require "meeple.cli.bench_api"
    local ok, res = pcall(api.measure, { root = ctx.root, rounds = math.max(repeats, 5),
                                         callgrind = opts.callgrind })
    if not ok then eprintf("meeple bench: %s\n", tostring(res)) return 1 end
    api.print(res, printf)
    return 0
  end
  opts.players = opts.players or "2"
  local game
  game, code = load_game("bench", opts, ctx)
  if not game then return code end
  local rs = game.rs
  local ok, err = pcall(function()
    -- warm up, then the timed runs: this is a shared machine, so the best
    -- of several runs is the figure that measures the code
    loader.simulate(rs, { players = game.players, games = 200, seed = game.seed, results = false,
                          features = false })
    local best_dt, totals
    for _ = 1, repeats do
      local t0 = now()
      totals = loader.simulate(rs, { players = game.players, games = games, seed = game.seed,
                                     results = false, features = false })
      local dt = now() - t0
      if not best_dt or dt < best_dt then best_dt = dt end
    end
    local dt = best_dt
    -- the kernel alone on the same tiles: no rules layer at all
    local templ = loader.new_game(rs, { players = game.players, seed = 0, shuffle = false })
    local first_figure = rs.decl.figures[1] and rs.decl.figures[1].name
    local kernel_gps, placements, listing = 0, 0, math.huge
    for _ = 1, repeats do
      local k, p, li = require("meeple").bench_kernel(templ, rs.decl.draw_stack, first_figure,
                                                      games, game.seed)
      if k > kernel_gps then kernel_gps, placements = k, p end
      if li < listing then listing = li end
    end
    local label = game.game
    if #game.with > 0 then label = label .. " with " .. table.concat(game.with, ", ") end
    printf("%s, %d players, random agents, one core, %d games, best of %d runs\n", label,
           game.players, games, repeats)
    printf("  through the rules layer (the scripts' rules, final scoring included)\n")
    printf("    games/s                   %.0f\n", games / dt)
    printf("    moves/s                   %.0f\n", totals.moves / dt)
    printf("    Lua hooks                 %s\n", #rs.hooks == 0 and "none: no Lua call during play"
           or (#rs.hooks .. " declared"))
    printf("  the kernel alone (same tiles, random placement and figure, no scoring)\n")
    printf("    playouts/s                %.0f\n", kernel_gps)
    printf("    placements/s              %.0f\n", placements)
    printf("    legal-placement listing   %.3f us\n", listing)
    printf("  rules layer cost            %.2fx the kernel's time per game\n", kernel_gps / (games / dt))
    if #rs.hooks > 0 then
      local profile = require "meeple.cli.hook_profile"
      profile.print(profile.measure(game, math.min(games, 1000)), printf, "  ")
    end
  end)
  if not ok then eprintf("meeple bench: %s\n", tostring(err)) return 1 end
  return 0
end

return { run = bench, HELP = HELP }
