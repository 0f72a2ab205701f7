-- meeple sim: many games with random agents, summarized per seat; and
-- --compare, the same seeds with and without a change.

local meeple = require "meeple"
local loader = require "meeple.loader"
local common = require "meeple.cli.common"
local rows = require "meeple.cli.rows"
local matches = require "meeple.cli.matches"
local agents_mod = require "meeple.agents"
local record = require "meeple.record"
local sim_agents = require "meeple.cli.sim_agents"

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout
local parse_args, game_spec, load_game = common.parse_args, common.game_spec, common.load_game
local int_arg, progress_bar, stats = common.int_arg, common.progress_bar, common.stats
local sorted = common.sorted
local json = require("meeple.record").json
local output = require "meeple.cli.output"
local sim_output = require "meeple.cli.sim_output"
local summary_mod = require "meeple.cli.summary"

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
                       with the configuration in table config; an
                       existing FILE is refused unless --append or --force
  --append             with --db: add the rows to an existing database of
                       the same configuration (other seeds: --seed)
  --force              with --db: replace an existing database
  --html FILE          also write the study as one HTML page of charts
                       (score distributions per seat and agent, win
                       rates with 95% intervals, first-player advantage,
                       points by feature kind; with --compare the
                       differences B - A); see 'meeple report'
  --distributions      keep each seat's (and agent's) score histogram in
                       --json and --out, for 'meeple report' (a Lua
                       call a game: about 7% slower random games)
  --progress           show progress on stderr even when it is not a
                       terminal (a batch job's log)
  --profile            then what each Lua hook costs: one more run (up to
                       1000 of the games) with every hook call timed on
                       its own path; per hook its path (direct, veto,
                       dispatcher), calls per game, us per call and share
                       of that run's time (on stderr with
                       --json/--csv/--output)
  --check-invariants   after every move, check what the declarations say
                       must always hold (a figure's needs_own company,
                       blocks, blocks_tile; figure counts; no score
                       falls but by a penalty in the ledger); the first
                       break fails the run naming the
                       seed and the move (off by default: no cost)
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

-- The sink for the results, once every output file (--output, --out,
-- --csv-games, --db) is known to be writable, distinct, and not one of
-- the files the game reads.
local function claim_output(opts, game)
  local plan = output.plan()
  for _, file in ipairs(game.rs.files) do plan:protect(file.path) end
  for _, flag in ipairs({ "output", "out", "rows", "db", "html" }) do
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
  if opts.db and opts.append and rows.exists(opts.db) then
    if not add(rows.sqlite_append(opts.db, game.players, kinds, config, agents)) then return nil, 1 end
  elseif opts.db and not add(rows.sqlite(opts.db, game.players, kinds, config, agents)) then
    return nil, 1
  end
  return sinks
end

-- Plays games [from, to) of the study and folds them into a summary;
-- on_game(row) sees each game in seed order. Random agents play in C
-- (loader.simulate, on J processes); agents that play in Lua fold their
-- games with summary.add and pass the same rows to on_game.
local function play_games(game, from, to, jobs, on_game, progress, check)
  return loader.simulate(game.rs, { players = game.players, games = to - from,
                                    seed = game.seed + from, jobs = jobs, results = false,
                                    on_game = on_game, progress = progress,
                                    check_invariants = check })
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

-- --profile: the hooks' costs, after the results (on standard error when
-- the results are machine-readable or go to a file).
local function print_profile(opts, game, games)
  local hook_profile = require "meeple.cli.hook_profile"
  local out = (opts.csv or opts.json or opts.output or opts.out) and eprintf or printf
  if #game.rs.hooks == 0 then
    out("Lua hooks: none, no Lua call during play\n")
    return 0
  end
  local ok, report = pcall(hook_profile.measure, game, math.min(games, 1000))
  if not ok then eprintf("meeple sim: %s\n", tostring(report)) return 1 end
  out("\n")
  hook_profile.print(report, out)
  return 0
end

local function sim(args, ctx)
  local opts, pos = parse_args(args, game_spec({ games = "value", jobs = "value", csv = "switch",
                                                  json = "switch", compare = "switch",
                                                  shard = "value", out = "value",
                                                  rows = "value", db = "value", progress = "switch",
                                                  output = "value", ["csv-games"] = "switch",
                                                  agents = "value", ["rotate-seats"] = "switch",
                                                  profile = "switch", append = "switch",
                                                  force = "switch", html = "value",
                                                  distributions = "switch",
                                                  ["check-invariants"] = "switch" }))
  if not opts then return usage("sim", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  local ok_db, db_code = rows.check_db(opts)
  if not ok_db then return db_code end
  if opts.compare then
    for _, flag in ipairs({ "shard", "out", "rows", "db", "csv-games" }) do
      if opts[flag] then return usage("sim", "--compare does not take --%s", flag) end
    end
    return require("meeple.cli.compare").run(opts, pos, ctx, { claim_output = claim_output,
                                                               agent_names = agent_names })
  end
  if #pos > 0 then return usage("sim", "unexpected argument '%s'", pos[1]) end
  if not opts.games then return usage("sim", "--games N is required") end
  if opts["check-invariants"] and opts.agents then
    return usage("sim", "--check-invariants checks random games: it does not take --agents")
  end
  local games, code = int_arg("sim", "games", opts.games, 1)
  if not games then return code end
  local jobs
  jobs, code = jobs_arg(opts)
  if not jobs then return code end
  local from, to = shard_arg(opts.shard, games)
  if not from then return to end
  local formats = (opts.csv and 1 or 0) + (opts.json and 1 or 0) + (opts["csv-games"] and 1 or 0)
  if formats > 1 then return usage("sim", "--csv, --csv-games and --json exclude each other") end
  if opts.html and (opts.out or opts["csv-games"]) then
    return usage("sim", "--html draws the summary: not with --%s (meeple report draws a merged study)",
                 opts.out and "out" or "csv-games")
  end
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
  local study = { config = sim_output.config(game, names or nil, rotate and game.seed or nil),
                  first_seed = game.seed + from,
                  run = sim_output.run_info(game, to - from, seats, ctx.root, opts.output) }
  local first, last = sim_agents.seed_range(study.config, study.first_seed, study.first_seed + to - from - 1)
  study.run.seeds = require("meeple.record").list({ first, last })
  local sinks
  sinks, code = open_rows(opts, game, study.config, names)
  if not sinks then return code end
  if opts["csv-games"] then
    dest.write(sim_output.csv_comment(study.run))
    sinks[#sinks + 1] = sim_output.csv_games_sink(dest, game)
  end
  -- the score distributions (summary.hist) cost a Lua call a game (7%
  -- of a random base game): only for --html and when asked for
  local hist_of = (opts.html or opts.distributions) and summary_mod.new(game.players)
  if hist_of then
    sinks[#sinks + 1] = { add = function(row) summary_mod.add_hist(hist_of, row) end,
                          finish = function() return true end, abort = function() end }
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
                                          on_game = on_game, hist = hist_of and true })
  else
    ok, summary = pcall(play_games, game, from, to, jobs, on_game, progress, opts["check-invariants"])
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
  if hist_of then summary.hist = hist_of.hist end
  if opts["csv-games"] then return dest.close() end -- the rows are the output
  local status = sim_output.emit("sim", opts, study, summary, dest)
  if opts.profile and status == 0 then return print_profile(opts, game, to - from) end
  return status
end

return { run = sim, HELP = HELP }
