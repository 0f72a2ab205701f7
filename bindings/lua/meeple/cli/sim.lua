-- meeple sim: many games with random agents, summarized per seat; and
-- --compare, the same seeds with and without a change.

local meeple = require "meeple"
local loader = require "meeple.loader"
local common = require "meeple.cli.common"
local rows = require "meeple.cli.rows"
local matches = require "meeple.cli.matches"
local agents_mod = require "meeple.cli.agents"
local record = require "meeple.cli.record"
local simout = require "meeple.cli.simout"
local sim_agents = require "meeple.cli.sim_agents"

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout
local parse_args, game_spec, load_game = common.parse_args, common.game_spec, common.load_game
local int_arg, progress_bar, stats = common.int_arg, common.progress_bar, common.stats
local sorted = common.sorted
local json = require("meeple.cli.record").json
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
       meeple sim --games N --compare [A B] [OPTIONS]

Plays many games with random agents and prints score statistics, the win
rate per seat, features completed per kind and the mean game length.
Game i uses seed SEED + i - 1, so results never depend on --jobs or on
how the games are split into shards. Memory stays the same for any N.

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
  --shard I/N          play only the I-th of N equal blocks of the seeds
                       (1 <= I <= N), for a cluster; see docs/scale.md
  --out FILE           write the summary as a part file for 'meeple merge'
                       instead of printing it (nothing goes to stdout)
  --rows FILE          one CSV row per game into FILE, written as played:
                       seed, scores, winner, tied, turns, moves, features
                       completed per kind
  --db FILE            the same rows in an SQLite database (table games),
                       with the configuration in table config
  --progress           show progress on stderr even when it is not a
                       terminal (a batch job's log)
  --agents A,B,...     one agent per seat, cycled (default random): random,
                       greedy, mcts:N, mcts:time=50ms, FILE.lua (see play);
                       adds each agent's and each seat's win rate (95%
                       interval) and mean margin; works with --jobs,
                       --shard/--out, --rows, --db and --csv-games (rows
                       then also name each seat's agent)
  --rotate-seats       with --agents: play each seed once per rotation of
                       the agents over the seats (--games counts every
                       game; seeds SEED .. SEED + games/players - 1)
  --compare            play the same seeds twice, with the --with, --rules
                       and --option given and without them, and print the
                       difference per seat (mean score, win rate) and in
                       game length, with 95% confidence intervals
  --compare A B        the same, between two variants: each a rules file
                       (house rule, FILE.lua), an option set (KEY=VALUE,
                       several joined by commas) or 'none', on top of the
                       common --game, --with, --rules and --option

example: meeple sim --games 1000 --players 2 --option tiny_city=2
         meeple sim --games 100000 --jobs 2 --rows games.csv
         meeple sim --games 40000 --shard 3/4 --out part-3.json
         meeple sim --games 2000 --rules examples/house-rules/farmers_4.lua --compare
         meeple sim --games 200 --agents mcts:500,greedy --rotate-seats
         meeple sim --games 100 --agents mcts:200 --compare none examples/house-rules/farmers_4.lua
]]

local compare

-- The sink for the results, once every output file (--output, --out,
-- --csv-games, --db) is known to be writable, distinct, and not one of
-- the files the game reads.
local function claim_output(opts, game)
  local plan = output.plan()
  for _, file in ipairs(game.rs.files) do plan:protect(file.path) end
  for _, flag in ipairs({ "output", "out", "rows", "db" }) do
    if opts[flag] then
      local ok, why = plan:claim(opts[flag], "--" .. flag)
      if not ok then return nil, usage("sim", "%s", why) end
    end
  end
  return sink(opts)
end

local function jobs_arg(opts)
  if not opts.jobs then return 1 end
  local jobs, code = int_arg("sim", "jobs", opts.jobs, 1)
  if not jobs then return nil, code end
  if jobs > meeple.MAX_JOBS then
    return nil, usage("sim", "--jobs must be at most %d, got %d", meeple.MAX_JOBS, jobs)
  end
  return jobs
end

-- --shard I/N: the block of game indices [from, to) of I, or nil, code.
local function shard_arg(spec, games)
  if not spec then return 0, games end
  local i, n = spec:match("^(%d+)/(%d+)$")
  i, n = math.tointeger(tonumber(i)), math.tointeger(tonumber(n))
  if not i or not n or n < 1 or i < 1 or i > n then
    return nil, usage("sim", "--shard wants I/N with 1 <= I <= N, got '%s'", spec)
  end
  if n > games then
    return nil, usage("sim", "--shard %s: more shards than the %d games", spec, games)
  end
  return (i - 1) * games // n, i * games // n
end

-- The row files asked for, opened before any game is played: a list of
-- sinks, or nil, code.
local function open_rows(opts, game, config, agents)
  local kinds = {}
  for i, k in ipairs(game.rs.decl.kinds) do kinds[i] = k.name end
  local sinks = {}
  local function add(sink, err)
    if not sink then
      for _, s in ipairs(sinks) do s.abort() end
      eprintf("meeple sim: cannot write %s\n", tostring(err))
      return false
    end
    sinks[#sinks + 1] = sink
    return true
  end
  if opts.rows and not add(rows.csv(opts.rows, game.players, kinds, agents)) then return nil, 1 end
  if opts.db and not add(rows.sqlite(opts.db, game.players, kinds, config, agents)) then return nil, 1 end
  return sinks
end

-- Plays games [from, to) of the study and folds them into a summary;
-- on_game(row) sees each game in seed order. Random agents play in C
-- (loader.simulate, on J processes); agents that play in Lua fold their
-- games with summary.add and pass the same rows to on_game.
local function play_games(game, from, to, jobs, on_game, progress)
  return loader.simulate(game.rs, { players = game.players, games = to - from,
                                    seed = game.seed + from, jobs = jobs, results = false,
                                    on_game = on_game, progress = progress })
end


-- The agent names of --agents (nil: random everywhere), checked; or nil
-- and the exit status.
local function agent_names(opts)
  if opts["rotate-seats"] and not opts.agents then
    return nil, usage("sim", "--rotate-seats needs --agents")
  end
  if not opts.agents then return false end
  local names = common.split_commas(opts.agents)
  if #names == 0 then return nil, usage("sim", "--agents needs at least one agent") end
  for _, name in ipairs(names) do
    local agent, err = agents_mod.make(name)
    if not agent then
      eprintf("meeple sim: %s\n", err)
      return nil, name:match("%.lua$") and 1 or 2
    end
  end
  return names
end

-- Random agents in every seat run in C (flow:simulate, --jobs); any other
-- agent plays game by game through the same flow (matches.lua).
local function run_games(game, names, opts, games, jobs, ctx)
  local all_random = true
  for _, n in ipairs(names or {}) do all_random = all_random and n == "random" end
  if all_random and not opts["rotate-seats"] then
    return loader.simulate(game.rs, { players = game.players, games = games, seed = game.seed,
                                      jobs = jobs, progress = progress_bar(ctx, games) })
  end
  return matches.run(game.rs, game.players, { names = names, games = games, seed = game.seed,
                                              rotate = opts["rotate-seats"],
                                              progress = progress_bar(ctx, games) })
end

local function sim(args, ctx)
  local opts, pos = parse_args(args, game_spec({ games = "value", jobs = "value", csv = "switch",
                                                  json = "switch", compare = "switch",
                                                  shard = "value", out = "value",
                                                  rows = "value", db = "value", progress = "switch",
                                                  output = "value", ["csv-games"] = "switch",
                                                  agents = "value", ["rotate-seats"] = "switch" }))
  if not opts then return usage("sim", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if opts.compare then
    for _, flag in ipairs({ "shard", "out", "rows", "db", "csv-games" }) do
      if opts[flag] then return usage("sim", "--compare does not take --%s", flag) end
    end
    return compare(opts, pos, ctx)
  end
  if #pos > 0 then return usage("sim", "unexpected argument '%s'", pos[1]) end
  if not opts.games then return usage("sim", "--games N is required") end
  local games, code = int_arg("sim", "games", opts.games, 1)
  if not games then return code end
  local jobs
  jobs, code = jobs_arg(opts)
  if not jobs then return code end
  local from, to = shard_arg(opts.shard, games)
  if not from then return to end
  local formats = (opts.csv and 1 or 0) + (opts.json and 1 or 0) + (opts["csv-games"] and 1 or 0)
  if formats > 1 then return usage("sim", "--csv, --csv-games and --json exclude each other") end
  if opts.out and (formats > 0 or opts.output) then
    return usage("sim", "--out writes a part file; --csv, --csv-games, --json and --output a summary")
  end
  local names
  names, code = agent_names(opts)
  if names == nil then return code end
  local game
  game, code = load_game("sim", opts, ctx)
  if not game then return code end
  local dest
  dest, code = claim_output(opts, game)
  if not dest then return code end
  local seats = {}
  for p = 1, game.players do seats[p] = names and names[(p - 1) % #names + 1] or "random" end
  local rotate = names and opts["rotate-seats"] or false
  local study = { config = simout.config(game, names or nil, rotate and game.seed or nil),
                  first_seed = game.seed + from,
                  run = sim_output.run_info(game, to - from, seats, ctx.root, opts.output) }
  local first, last = sim_agents.seed_range(study.config, study.first_seed, study.first_seed + to - from - 1)
  study.run.seeds = require("meeple.cli.record").list({ first, last })
  local sinks
  sinks, code = open_rows(opts, game, study.config, names)
  if not sinks then return code end
  if opts["csv-games"] then
    dest.write(sim_output.csv_comment(study.run))
    sinks[#sinks + 1] = sim_output.csv_games_sink(dest, game)
  end
  local on_game
  if #sinks > 0 then
    on_game = function(row) for _, s in ipairs(sinks) do s.add(row) end end
  end
  local progress = progress_bar(ctx, to - from, opts.progress)
  local ok, summary
  if names then
    ok, summary = pcall(sim_agents.run, { rs = game.rs, players = game.players, names = names,
                                          rotate = rotate, base = game.seed, first = game.seed + from,
                                          games = to - from, jobs = jobs, progress = progress,
                                          on_game = on_game })
  else
    ok, summary = pcall(play_games, game, from, to, jobs, on_game, progress)
  end
  if not ok then
    for _, s in ipairs(sinks) do s.abort() end
    eprintf("meeple sim: %s\n", tostring(summary))
    return 1
  end
  for i, s in ipairs(sinks) do
    local done, err = s.finish()
    if not done then
      for j = i + 1, #sinks do sinks[j].abort() end
      eprintf("meeple sim: %s\n", tostring(err))
      return 1
    end
  end
  if opts["csv-games"] then return dest.close() end -- the rows are the output
  return simout.emit("sim", opts, study, summary, dest)
end

local function paired(a, b)
  local n = #a
  local d = {}
  for i = 1, n do d[i] = b[i] - a[i] end
  local s = stats(d)
  local half = n > 1 and 1.96 * s.sd / math.sqrt(n) or 0
  return s.mean, half, stats(a).mean, stats(b).mean
end

-- The game options of one variant of --compare A B: the common options
-- plus a rules file, an option set, or nothing ('none').
local function variant_opts(opts, v)
  local o = {}
  for k, val in pairs(opts) do o[k] = val end
  o.rules, o.option = {}, {}
  for _, r in ipairs(opts.rules or {}) do o.rules[#o.rules + 1] = r end
  for _, kv in ipairs(opts.option or {}) do o.option[#o.option + 1] = kv end
  if v == "none" then return o end
  if v:match("%.lua$") then
    o.rules[#o.rules + 1] = v
    return o
  end
  for kv in v:gmatch("[^,]+") do
    if not kv:match("^[%w_]+=") then return nil end
    o.option[#o.option + 1] = kv
  end
  return o
end

-- The two games --compare plays and their labels; or nil and a status.
local function compare_games(opts, pos, ctx)
  if #pos == 0 then
    if not (opts.with or opts.rules or opts.option) then
      return nil, usage("sim", "--compare needs something to compare: --with, --rules, --option, or A B")
    end
    local changed, code = load_game("sim", opts, ctx)
    if not changed then return nil, code end
    local plain
    plain, code = load_game("sim", { game = opts.game, players = tostring(changed.players),
                                     seed = tostring(changed.seed), budget = opts.budget,
                                     ["memory-cap"] = opts["memory-cap"] }, ctx)
    if not plain then return nil, code end
    local label = {}
    for _, w in ipairs(changed.with) do label[#label + 1] = "--with " .. w end
    for _, r in ipairs(changed.rules) do label[#label + 1] = "--rules " .. r end
    for _, o in ipairs(opts.option or {}) do label[#label + 1] = "--option " .. o end
    return plain, changed, nil, table.concat(label, " ")
  end
  if #pos ~= 2 then return nil, usage("sim", "--compare takes two variants A B, got %d", #pos) end
  local games = {}
  for i, v in ipairs(pos) do
    local o = variant_opts(opts, v)
    if not o then
      return nil, usage("sim", "--compare: '%s' is neither FILE.lua, KEY=VALUE[,KEY=VALUE] nor none", v)
    end
    local code
    games[i], code = load_game("sim", o, ctx)
    if not games[i] then return nil, code end
  end
  return games[1], games[2], pos
end

function compare(opts, pos, ctx)
  if opts.csv then return usage("sim", "--compare prints a table or --json") end
  local games, code = int_arg("sim", "games", opts.games or "", 1)
  if not games then return code end
  local jobs = 1
  if opts.jobs then
    jobs, code = int_arg("sim", "jobs", opts.jobs, 1)
    if not jobs then return code end
  end
  local names
  names, code = agent_names(opts)
  if names == nil then return code end
  local plain, changed, variants, change_label = compare_games(opts, pos, ctx)
  if not plain then return changed end
  local dest
  dest, code = claim_output(opts, changed)
  if not dest then return code end
  local run = function(game) return run_games(game, names, opts, games, jobs, ctx) end
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
  local agents_label = names and (", agents " .. table.concat(names, ",")) or ""
  local last = names and opts["rotate-seats"] and matches.seed_of(games, changed.seed, changed.players, true)
               or changed.seed + games - 1
  if opts.json then
    local seats_agents = {}
    for p = 1, changed.players do seats_agents[p] = names and names[(p - 1) % #names + 1] or "random" end
    dest.write(json.encode({ run = sim_output.run_info(changed, games, seats_agents, ctx.root, opts.output),
                             games = games, seed = changed.seed, players = changed.players,
                               game = changed.game, change = change_label, variants = variants,
                               agents = names or nil, seats = seats,
                               turns = { without = ta, with = tb, diff = dt, ci95 = ht } }), "\n")
    return dest.close()
  end
  if variants then
    dest.printf("%d games of %s, %d players, seeds %d..%d%s, A: %s, B: %s (differences are B - A)\n\n",
           games, changed.game, changed.players, changed.seed, last, agents_label, variants[1], variants[2])
    dest.printf("  seat         mean A      mean B   difference (95%% CI)     win rate difference\n")
  else
    dest.printf("%d games of %s, %d players, seeds %d..%d%s, with and without: %s\n\n", games,
           changed.game, changed.players, changed.seed, last, agents_label, change_label)
    dest.printf("  seat   mean without   mean with   difference (95%% CI)     win rate difference\n")
  end
  for p = 1, changed.players do
    local s = seats[p]
    dest.printf("  %4d   %12.2f   %9.2f   %+7.2f ± %-6.2f         %+6.1f%% ± %.1f%%\n", p, s.mean.without,
           s.mean.with, s.mean.diff, s.mean.ci95, 100 * s.win_rate.diff, 100 * s.win_rate.ci95)
  end
  dest.printf("\n  game length  %.1f -> %.1f turns (%+.2f ± %.2f)\n", ta, tb, dt, ht)
  return dest.close()
end

return { run = sim, HELP = HELP }
