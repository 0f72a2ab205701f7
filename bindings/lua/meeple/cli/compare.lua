-- meeple.cli.compare: `sim --compare`, the same seeds played under two
-- variants (A and B, or without and with a change) and the paired
-- differences per seat (mean score, win rate) and in game length.
--
-- Invariant: nothing is kept per game. Game i of A and game i of B are
-- folded into integer sums (of A, of B, and of the difference B - A and
-- its square; win shares in 1/WIN_UNITS of a game) as soon as both are
-- played, so memory is the same for any --games. Random games run in C
-- (loader.simulate, --jobs) in blocks of BLOCK seeds per variant, whose
-- rows stay until the other variant's block is played; agents that play
-- in Lua (matches.lua) play seed by seed, each variant with its own agents.

local loader = require "meeple.loader"
local common = require "meeple.cli.common"
local matches = require "meeple.cli.matches"
local agents_mod = require "meeple.agents"
local summary = require "meeple.cli.summary"
local sim_output = require "meeple.cli.sim_output"
local json = require("meeple.record").json

local eprintf, usage, int_arg = common.eprintf, common.usage, common.int_arg
local load_game, progress_bar = common.load_game, common.progress_bar

local M = {}

M.BLOCK = 8192 -- seeds per variant held at once (random games)

local WIN_UNITS = summary.WIN_UNITS

-- {======================================================================
-- Paired sums
-- =======================================================================

-- The sums of one paired column: of A, of B, and of B - A and its square.
local function column() return { a = 0, b = 0, d = 0, dd = 0 } end

local function fold(c, a, b)
  local d = b - a
  c.a, c.b, c.d, c.dd = c.a + a, c.b + b, c.d + d, c.dd + d * d
end

-- mean of B - A, its 95% half-interval, mean of A, mean of B (in units
-- of 1/scale).
local function paired(c, n, scale)
  local sd = 0
  if n > 1 then
    local sq = c.dd - (c.d * 1.0) * c.d / n -- from exact integers
    sd = math.sqrt(math.max(sq, 0) / (n - 1))
  end
  local half = n > 1 and 1.96 * sd / math.sqrt(n) or 0
  return c.d / n / scale, half / scale, c.a / n / scale, c.b / n / scale
end

-- Win share of seat p in 1/WIN_UNITS: a tie of k seats gives each 1/k.
local function win_units(scores, n_seats, p)
  local best, tied = math.mininteger, 0
  for q = 1, n_seats do if scores[q] > best then best = scores[q] end end
  for q = 1, n_seats do if scores[q] == best then tied = tied + 1 end end
  return scores[p] == best and WIN_UNITS // tied or 0
end

local function new_sums(players)
  local s = { games = 0, turns = column(), score = {}, wins = {}, kinds = {} }
  for p = 1, players do s.score[p], s.wins[p] = column(), column() end
  return s
end

-- A game's points per feature kind over all seats ({kind = n}), from
-- its rows' points (per seat; "other": no feature).
local function kind_totals(points, players, into)
  local t = into or {}
  for k in pairs(t) do t[k] = 0 end
  for p = 1, players do
    for k, n in pairs(points and points[p] or {}) do t[k] = (t[k] or 0) + n end
  end
  return t
end

-- Folds game i of A (scores sa, length ta, points per kind ka) and of B
-- into s. A kind only one variant has counts 0 in the other; a kind
-- first seen late has 0 in every game before.
local function fold_pair(s, players, sa, ta, sb, tb, ka, kb)
  for p = 1, players do
    fold(s.score[p], sa[p], sb[p])
    fold(s.wins[p], win_units(sa, players, p), win_units(sb, players, p))
  end
  fold(s.turns, ta, tb)
  -- no table made a game: garbage a game piles up over 100,000 games
  if ka then for k in pairs(ka) do s.kinds[k] = s.kinds[k] or column() end end
  if kb then for k in pairs(kb) do s.kinds[k] = s.kinds[k] or column() end end
  for k, c in pairs(s.kinds) do fold(c, ka and ka[k] or 0, kb and kb[k] or 0) end
  s.games = s.games + 1
end

-- }======================================================================

-- {======================================================================
-- Playing both variants
-- =======================================================================

-- One progress bar over both variants' games: progress(done, seconds)
-- of each run, shifted by what came before.
local function shifted(bar)
  if not bar then return nil end
  local t = { done = 0, seconds = 0, last = 0 }
  function t.call(done, seconds)
    t.last = seconds or t.last
    bar(t.done + done, t.seconds + (seconds or 0))
  end
  function t.finish(n) t.done, t.seconds, t.last = t.done + n, t.seconds + t.last, 0 end
  return t
end

-- Random agents in C: blocks of seeds, A then B.
local function random_pairs(a, b, games, jobs, s, bar)
  local players = a.players
  -- A's points per kind, flat (game j's kind i at (j - 1) * #names + i):
  -- a table a game would cost MBs for a block of 8,192 seeds
  local names, index = { "other" }, { other = 1 }
  for _, g in ipairs({ a, b }) do
    for _, k in ipairs(g.rs.decl.kinds) do
      if not index[k.name] then names[#names + 1] = k.name index[k.name] = #names end
    end
  end
  local nk = #names
  local scores, turns, kinds, ka, kb = {}, {}, {}, {}, {}
  local from = 0
  while from < games do
    local n = math.min(M.BLOCK, games - from)
    local j = 0
    loader.simulate(a.rs, { players = players, games = n, seed = a.seed + from, jobs = jobs, results = false,
                            progress = bar and bar.call, on_game = function(row)
      for p = 1, players do scores[j * players + p] = row.scores[p] end
      j = j + 1
      turns[j] = row.turns
      local t = kind_totals(row.points, players, ka)
      for i = 1, nk do kinds[(j - 1) * nk + i] = t[names[i]] or 0 end
    end })
    if bar then bar.finish(n) end
    j = 0
    local sa = {}
    loader.simulate(b.rs, { players = players, games = n, seed = b.seed + from, jobs = jobs, results = false,
                            progress = bar and bar.call, on_game = function(row)
      for p = 1, players do sa[p] = scores[j * players + p] end
      for i = 1, nk do ka[names[i]] = kinds[j * nk + i] end
      j = j + 1
      fold_pair(s, players, sa, turns[j], row.scores, row.turns, ka, kind_totals(row.points, players, kb))
    end })
    if bar then bar.finish(n) end
    from = from + n
  end
end

local function make_agents(names)
  local list = {}
  for i, name in ipairs(names) do list[i] = assert(agents_mod.make(name)) end
  return list
end

-- Per agent (#43): with --rotate-seats every agent sits in every seat in
-- turn, so the seats' differences average the agents out; an agent's
-- score and win share in each seat it held are paired too.
local function fold_agents(s, players, names, seats, ra, rb)
  s.agents = s.agents or {}
  for i = 1, #names do s.agents[i] = s.agents[i] or { score = column(), wins = column(), n = 0 } end
  for p = 1, players do
    local ag = s.agents[seats[p]]
    fold(ag.score, ra.scores[p], rb.scores[p])
    fold(ag.wins, win_units(ra.scores, players, p), win_units(rb.scores, players, p))
    ag.n = ag.n + 1
  end
end

-- Agents in Lua: game i of A, then of B, each variant with its own
-- agents (an agent that learns sees the same games as in a run alone).
local function agent_pairs(a, b, games, names, rotate, s, bar)
  local players = a.players
  local agents_a, agents_b = make_agents(names), make_agents(names)
  local t0 = os.time()
  for i = 1, games do
    local seats = matches.seating(i, players, #names, rotate)
    local ra = matches.play_one(a.rs, players, matches.seed_of(i, a.seed, players, rotate), agents_a, seats)
    local rb = matches.play_one(b.rs, players, matches.seed_of(i, b.seed, players, rotate), agents_b, seats)
    fold_pair(s, players, ra.scores, ra.turns, rb.scores, rb.turns, kind_totals(ra.points, players),
              kind_totals(rb.points, players))
    if rotate then fold_agents(s, players, names, seats, ra, rb) end
    if bar then bar.call(2 * i, os.time() - t0) end
  end
end

-- }======================================================================

-- {======================================================================
-- The variants and the report
-- =======================================================================

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

-- The report's numbers from the sums.
local function derive(s, players)
  local n = s.games
  local seats = {}
  for p = 1, players do
    local dm, hm, ma, mb = paired(s.score[p], n, 1)
    local dw, hw, wa, wb = paired(s.wins[p], n, WIN_UNITS)
    seats[p] = { mean = { without = ma, with = mb, diff = dm, ci95 = hm },
                 win_rate = { without = wa, with = wb, diff = dw, ci95 = hw } }
  end
  local dt, ht, ta, tb = paired(s.turns, n, 1)
  local agents
  for i, ag in ipairs(s.agents or {}) do
    agents = agents or {}
    local dm, hm, ma, mb = paired(ag.score, ag.n, 1)
    local dw, hw, wa, wb = paired(ag.wins, ag.n, WIN_UNITS)
    agents[i] = { mean = { without = ma, with = mb, diff = dm, ci95 = hm },
                  win_rate = { without = wa, with = wb, diff = dw, ci95 = hw }, seat_games = ag.n }
  end
  local kinds = {}
  for k, c in pairs(s.kinds) do
    -- a kind that scored nothing in either variant ("other" mostly) is left out
    local dk, hk, ka, kb = paired(c, n, 1)
    if c.a == 0 and c.b == 0 then goto next_kind end
    kinds[k] = { without = ka, with = kb, diff = dk, ci95 = hk }
    ::next_kind::
  end
  return seats, { without = ta, with = tb, diff = dt, ci95 = ht }, agents, kinds
end

local function report(dest, opts, ctx, v, s, games)
  local changed, names = v.changed, v.names
  local seats, turns, by_agent, kinds = derive(s, changed.players)
  local seats_agents = {}
  for p = 1, changed.players do seats_agents[p] = names and names[(p - 1) % #names + 1] or "random" end
  local object = { run = sim_output.run_info(changed, games, seats_agents, ctx.root, opts.output),
                   games = games, seed = changed.seed, players = changed.players,
                   game = changed.game, change = v.label, variants = v.variants,
                   agents = names or nil, seats = seats, turns = turns,
                   by_agent = by_agent, points_by_kind = kinds,
                   rotate_seats = opts["rotate-seats"] and true or nil }
  if opts.html then
    local ok, err = require("meeple.cli.html_report").write(opts.html, object)
    if not ok then eprintf("meeple sim: --html: %s\n", tostring(err)) return 1 end
  end
  if opts.json then
    dest.write(json.encode(object), "\n")
    return dest.close()
  end
  local agents_label = names and (", agents " .. table.concat(names, ",")) or ""
  local last = names and opts["rotate-seats"] and matches.seed_of(games, changed.seed, changed.players, true)
               or changed.seed + games - 1
  if v.variants then
    dest.printf("%d games of %s, %d players, seeds %d..%d%s, A: %s, B: %s (differences are B - A)\n\n",
           games, changed.game, changed.players, changed.seed, last, agents_label, v.variants[1], v.variants[2])
    dest.printf("  seat         mean A      mean B   difference (95%% CI)     win rate difference\n")
  else
    dest.printf("%d games of %s, %d players, seeds %d..%d%s, with and without: %s\n\n", games,
           changed.game, changed.players, changed.seed, last, agents_label, v.label)
    dest.printf("  seat   mean without   mean with   difference (95%% CI)     win rate difference\n")
  end
  for p = 1, changed.players do
    local st = seats[p]
    dest.printf("  %4d   %12.2f   %9.2f   %+7.2f ± %-6.2f         %+6.1f%% ± %.1f%%\n", p, st.mean.without,
           st.mean.with, st.mean.diff, st.mean.ci95, 100 * st.win_rate.diff, 100 * st.win_rate.ci95)
  end
  if by_agent then
    dest.printf("\n  agent (seats rotate)    mean %s   mean %s   difference (95%% CI)     win rate difference\n",
                v.variants and "A      " or "without", v.variants and "B  " or "with")
    for i, ag in ipairs(by_agent) do
      dest.printf("  %2d %-20s %10.2f   %9.2f   %+7.2f ± %-6.2f         %+6.1f%% ± %.1f%%\n", i, names[i],
                  ag.mean.without, ag.mean.with, ag.mean.diff, ag.mean.ci95, 100 * ag.win_rate.diff,
                  100 * ag.win_rate.ci95)
    end
  end
  dest.printf("\n  points a game by feature kind (all seats)   %s   %s   difference (95%% CI)\n",
              v.variants and "A      " or "without", v.variants and "B   " or "with")
  local names_k = {}
  for k in pairs(kinds) do names_k[#names_k + 1] = k end
  table.sort(names_k)
  for _, k in ipairs(names_k) do
    local c = kinds[k]
    dest.printf("  %-42s %7.2f   %7.2f   %+7.2f ± %.2f\n", k, c.without, c.with, c.diff, c.ci95)
  end
  dest.printf("\n  game length  %.1f -> %.1f turns (%+.2f ± %.2f)\n", turns.without, turns.with, turns.diff,
              turns.ci95)
  return dest.close()
end

-- }======================================================================

-- sim --compare [A B]. cli: the sim command's claim_output(opts, game)
-- and agent_names(opts). Returns the exit status.
function M.run(opts, pos, ctx, cli)
  if opts.csv then return usage("sim", "--compare prints a table or --json") end
  local games, code = int_arg("sim", "games", opts.games or "", 1)
  if not games then return code end
  local jobs = 1
  if opts.jobs then
    jobs, code = int_arg("sim", "jobs", opts.jobs, 1)
    if not jobs then return code end
  end
  local names
  names, code = cli.agent_names(opts)
  if names == nil then return code end
  local plain, changed, variants, label = compare_games(opts, pos, ctx)
  if not plain then return changed end
  local dest
  dest, code = cli.claim_output(opts, changed)
  if not dest then return code end
  local all_random = true
  for _, n in ipairs(names or {}) do all_random = all_random and n == "random" end
  local s = new_sums(changed.players)
  local bar = shifted(progress_bar(ctx, 2 * games, opts.progress))
  local ok, err
  if all_random and not opts["rotate-seats"] then
    ok, err = pcall(random_pairs, plain, changed, games, jobs, s, bar)
  else
    ok, err = pcall(agent_pairs, plain, changed, games, names, opts["rotate-seats"], s, bar)
  end
  if not ok then eprintf("meeple sim: %s\n", tostring(err)) return 1 end
  return report(dest, opts, ctx, { changed = changed, names = names, variants = variants, label = label }, s,
                games)
end

return M
