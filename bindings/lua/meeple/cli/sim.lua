-- meeple sim: many games with random agents, summarized per seat; and
-- --compare, the same seeds with and without a change.

local loader = require "meeple.loader"
local common = require "meeple.cli.common"
local record = require "meeple.cli.record"

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout
local parse_args, game_spec, load_game = common.parse_args, common.game_spec, common.load_game
local int_arg, sorted, progress_bar, stats = common.int_arg, common.sorted, common.progress_bar, common.stats
local json = record.json
local output = require "meeple.cli.output"
local sim_output = require "meeple.cli.sim_output"

-- What sim prints goes to standard output, or with --output FILE into
-- one buffer written atomically at the end.
local function sink(opts)
  if not opts.output then
    return { printf = printf, write = function(...) stdout:write(...) end, close = function() return 0 end }
  end
  local parts = {}
  return {
    printf = function(fmt, ...) parts[#parts + 1] = fmt:format(...) end,
    write = function(...) for _, v in ipairs({ ... }) do parts[#parts + 1] = v end end,
    close = function()
      local ok, err = output.write(opts.output, table.concat(parts))
      if not ok then eprintf("meeple sim: cannot write --output %s\n", err) return 1 end
      return 0
    end,
  }
end

local HELP = [[
usage: meeple sim --games N [OPTIONS]

Plays many games with random agents and prints score statistics, the win
rate per seat, features completed per kind and the mean game length.
Game i uses seed SEED + i - 1, so results never depend on --jobs.

]] .. common.GAME_OPTIONS .. [[
  --games N            how many games (required)
  --jobs J             run in J processes (default 1); results are the same
  --csv | --json       machine-readable output instead of the table; both
                       describe the run (engine, game, files with hashes,
                       typed options, agents, seeds): the JSON's "run",
                       the CSV's first line "# run {...}"
  --csv-games          CSV with one row per game: seed, turns, winners,
                       every score
  --output FILE        write the results to FILE instead of standard output
  --compare            play the same seeds twice, with the --with, --rules
                       and --option given and without them, and print the
                       difference per seat (mean score, win rate) and in
                       game length, with 95% confidence intervals

example: meeple sim --games 1000 --players 2 --option tiny_city=2
         meeple sim --games 2000 --rules examples/house-rules/farmers_4.lua --compare
]]

local compare

-- The sink for the results, once --output is known to be writable and
-- not one of the files the game reads.
local function claim_output(opts, game)
  if opts.output then
    local plan = output.plan()
    for _, file in ipairs(game.rs.files) do plan:protect(file.path) end
    local ok, why = plan:claim(opts.output, "--output")
    if not ok then return nil, usage("sim", "%s", why) end
  end
  return sink(opts)
end

local function sim(args, ctx)
  local opts, pos = parse_args(args, game_spec({ games = "value", jobs = "value", csv = "switch",
                                                  json = "switch", compare = "switch",
                                                  output = "value", ["csv-games"] = "switch" }))
  if not opts then return usage("sim", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if opts.compare then return compare(opts, ctx) end
  if #pos > 0 then return usage("sim", "unexpected argument '%s'", pos[1]) end
  if not opts.games then return usage("sim", "--games N is required") end
  local games, code = int_arg("sim", "games", opts.games, 1)
  if not games then return code end
  local jobs = 1
  if opts.jobs then
    jobs, code = int_arg("sim", "jobs", opts.jobs, 1)
    if not jobs then return code end
    if jobs > 64 then return usage("sim", "--jobs must be at most 64, got %d", jobs) end
  end
  local formats = (opts.csv and 1 or 0) + (opts.json and 1 or 0) + (opts["csv-games"] and 1 or 0)
  if formats > 1 then return usage("sim", "--csv, --csv-games and --json exclude each other") end
  local game
  game, code = load_game("sim", opts, ctx)
  if not game then return code end
  local dest
  dest, code = claim_output(opts, game)
  if not dest then return code end
  local ok, results = pcall(loader.simulate, game.rs, {
    players = game.players, games = games, seed = game.seed, jobs = jobs,
    progress = progress_bar(ctx, games) })
  if not ok then eprintf("meeple sim: %s\n", tostring(results)) return 1 end

  local per_seat, wins, turns, kinds = {}, {}, {}, {}
  for p = 1, game.players do per_seat[p], wins[p] = {}, 0 end
  for _, r in ipairs(results) do
    local best = -math.huge
    for p, s in ipairs(r.scores) do
      per_seat[p][#per_seat[p] + 1] = s
      if s > best then best = s end
    end
    local winners = {}
    for p, s in ipairs(r.scores) do if s == best then winners[#winners + 1] = p end end
    for _, p in ipairs(winners) do wins[p] = wins[p] + 1 / #winners end
    turns[#turns + 1] = r.turns
    for k, n in pairs(r.closed) do kinds[k] = (kinds[k] or 0) + n end
  end
  local seat_stats = {}
  for p = 1, game.players do seat_stats[p] = stats(per_seat[p]) end
  local length = stats(turns)
  local kind_names = sorted(kinds)

  local seats = {}
  for p = 1, game.players do seats[p] = "random" end
  local run = sim_output.run_info(game, games, seats, ctx.root, opts.output)
  if opts["csv-games"] then
    dest.write(sim_output.csv_comment(run))
    sim_output.csv_games(dest, results, game)
  elseif opts.json then
    local out = { run = run, games = games, seed = game.seed, players = game.players, game = game.game,
                  with = record.list(game.with), options = run.options, seats = {}, features_closed = {},
                  mean_turns = length.mean }
    for p = 1, game.players do
      local s = seat_stats[p]
      out.seats[p] = { mean = s.mean, sd = s.sd, min = s.min, max = s.max, win_rate = wins[p] / games }
    end
    for _, k in ipairs(kind_names) do out.features_closed[k] = kinds[k] / games end
    dest.write(json.encode(out), "\n")
  elseif opts.csv then
    dest.write(sim_output.csv_comment(run))
    dest.printf("seat,mean,sd,min,max,win_rate\n")
    for p = 1, game.players do
      local s = seat_stats[p]
      dest.printf("%d,%.3f,%.3f,%d,%d,%.4f\n", p, s.mean, s.sd, s.min, s.max, wins[p] / games)
    end
  else
    dest.printf("%d games of %s, %d players, seeds %d..%d\n\n", games, game.game, game.players,
           game.seed, game.seed + games - 1)
    dest.printf("  seat    mean     sd   min   max   wins\n")
    for p = 1, game.players do
      local s = seat_stats[p]
      dest.printf("  %4d  %6.2f  %5.2f  %4d  %4d  %5.1f%%\n", p, s.mean, s.sd, s.min, s.max, 100 * wins[p] / games)
    end
    dest.printf("\nfeatures completed per game\n")
    for _, k in ipairs(kind_names) do dest.printf("  %-10s %6.2f\n", k, kinds[k] / games) end
    dest.printf("\nmean game length  %.1f turns\n", length.mean)
  end
  return dest.close()
end

-- A paired comparison: game i of both runs uses the same seed, so the
-- per-game differences carry the whole effect and little noise.
local function paired(a, b)
  local n = #a
  local d = {}
  for i = 1, n do d[i] = b[i] - a[i] end
  local s = stats(d)
  local half = n > 1 and 1.96 * s.sd / math.sqrt(n) or 0
  return s.mean, half, stats(a).mean, stats(b).mean
end

function compare(opts, ctx)
  if not (opts.with or opts.rules or opts.option) then
    return usage("sim", "--compare needs something to compare: --with, --rules or --option")
  end
  if opts.csv then return usage("sim", "--compare prints a table or --json") end
  local games, code = int_arg("sim", "games", opts.games or "", 1)
  if not games then return code end
  local jobs = 1
  if opts.jobs then
    jobs, code = int_arg("sim", "jobs", opts.jobs, 1)
    if not jobs then return code end
  end
  local changed
  changed, code = load_game("sim", opts, ctx)
  if not changed then return code end
  local plain
  plain, code = load_game("sim", { game = opts.game, players = tostring(changed.players),
                                   seed = tostring(changed.seed), budget = opts.budget,
                                   ["memory-cap"] = opts["memory-cap"] }, ctx)
  if not plain then return code end
  local dest
  dest, code = claim_output(opts, changed)
  if not dest then return code end
  local run = function(game)
    return loader.simulate(game.rs, { players = game.players, games = games, seed = game.seed,
                                      jobs = jobs, progress = progress_bar(ctx, games) })
  end
  local ok, a = pcall(run, plain)
  if not ok then eprintf("meeple sim: %s\n", tostring(a)) return 1 end
  local b
  ok, b = pcall(run, changed)
  if not ok then eprintf("meeple sim: %s\n", tostring(b)) return 1 end

  local function column(results, f)
    local out = {}
    for i, r in ipairs(results) do out[i] = f(r) end
    return out
  end
  local function won(r, p)
    local best = -math.huge
    for _, s in ipairs(r.scores) do if s > best then best = s end end
    local tied = 0
    for _, s in ipairs(r.scores) do if s == best then tied = tied + 1 end end
    return r.scores[p] == best and 1 / tied or 0
  end
  local seats = {}
  for p = 1, changed.players do
    local dm, hm, ma, mb = paired(column(a, function(r) return r.scores[p] end),
                                  column(b, function(r) return r.scores[p] end))
    local dw, hw, wa, wb = paired(column(a, function(r) return won(r, p) end),
                                  column(b, function(r) return won(r, p) end))
    seats[p] = { mean = { without = ma, with = mb, diff = dm, ci95 = hm },
                 win_rate = { without = wa, with = wb, diff = dw, ci95 = hw } }
  end
  local dt, ht, ta, tb = paired(column(a, function(r) return r.turns end),
                                column(b, function(r) return r.turns end))
  local label = {}
  for _, w in ipairs(changed.with) do label[#label + 1] = "--with " .. w end
  for _, r in ipairs(changed.rules) do label[#label + 1] = "--rules " .. r end
  for _, o in ipairs(opts.option or {}) do label[#label + 1] = "--option " .. o end
  if opts.json then
    local seats_agents = {}
    for p = 1, changed.players do seats_agents[p] = "random" end
    dest.write(json.encode({ run = sim_output.run_info(changed, games, seats_agents, ctx.root, opts.output),
                             games = games, seed = changed.seed, players = changed.players,
                               game = changed.game, change = table.concat(label, " "), seats = seats,
                               turns = { without = ta, with = tb, diff = dt, ci95 = ht } }), "\n")
    return dest.close()
  end
  dest.printf("%d games of %s, %d players, seeds %d..%d, with and without: %s\n\n", games,
         changed.game, changed.players, changed.seed, changed.seed + games - 1, table.concat(label, " "))
  dest.printf("  seat   mean without   mean with   difference (95%% CI)     win rate difference\n")
  for p = 1, changed.players do
    local s = seats[p]
    dest.printf("  %4d   %12.2f   %9.2f   %+7.2f ± %-6.2f         %+6.1f%% ± %.1f%%\n", p, s.mean.without,
           s.mean.with, s.mean.diff, s.mean.ci95, 100 * s.win_rate.diff, 100 * s.win_rate.ci95)
  end
  dest.printf("\n  game length  %.1f -> %.1f turns (%+.2f ± %.2f)\n", ta, tb, dt, ht)
  return dest.close()
end

return { run = sim, HELP = HELP }
