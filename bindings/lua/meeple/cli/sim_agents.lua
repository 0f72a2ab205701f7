-- meeple.cli.sim_agents: sim --agents as a streaming study. Games are
-- numbered: game number n (from the study's --seed S) plays seed n with
-- agent ((seat - 1) mod #agents) + 1 in each seat, or with
-- --rotate-seats seed S + (n - S) // players with the agents shifted by
-- (n - S) mod players (matches.lua). Each game is folded, in game-number
-- order, into the summary's `agents` section of integers:
--
--   agents = { rows = { { name, games, wins, score = moments, margin = moments,
--                         points = { kind = points } }, ... },
--              seat_margins = { moments, ... } }
--
-- one row per distinct agent name in the order of --agents; a margin is
-- the seat's score minus the best other seat's; wins are in
-- 1/win_units of a game as the seats' are (summary.lua).
--
-- Invariant: like the rest of the summary, the section holds exact
-- integers only, so any --jobs, and any split into shards merged again,
-- give the same bytes. Part files name the real agents (config.agents)
-- and, with --rotate-seats, the base seed (config.rotate_seats); their
-- seeds { first, last } are game numbers.

local matches = require "meeple.cli.matches"
local agents_mod = require "meeple.agents"

local M = {}

local summary = require "meeple.cli.summary"
local moments, add_value, merge_moments = summary.moments, summary.add_value, summary.merge_moments

-- The distinct names, in order of first appearance.
local function distinct(names)
  local out, seen = {}, {}
  for _, n in ipairs(names) do
    if not seen[n] then seen[n], out[#out + 1] = true, n end
  end
  return out
end

function M.new(names, players)
  local s = { rows = {}, seat_margins = {} }
  for i, n in ipairs(distinct(names)) do
    s.rows[i] = { name = n, games = 0, wins = 0, score = moments(), margin = moments() }
  end
  for p = 1, players do s.seat_margins[p] = moments() end
  return s
end

-- Folds one game: its scores, the agent name in each seat, the number
-- of games folded before (first game: min and max start there).
function M.add(s, scores, seated, win_units, games_before, points)
  local best, tied = math.mininteger, 0
  for _, v in ipairs(scores) do if v > best then best = v end end
  for _, v in ipairs(scores) do if v == best then tied = tied + 1 end end
  local by_name = {}
  for _, row in ipairs(s.rows) do by_name[row.name] = row end
  for p, v in ipairs(scores) do
    local other = math.mininteger
    for q, w in ipairs(scores) do if q ~= p and w > other then other = w end end
    if other == math.mininteger then other = 0 end
    local row = by_name[seated[p]]
    add_value(row.score, v, row.games == 0)
    add_value(row.margin, v - other, row.games == 0)
    row.games = row.games + 1
    if v == best then row.wins = row.wins + win_units // tied end
    add_value(s.seat_margins[p], v - other, games_before == 0)
    if points and points[p] then
      row.points = row.points or {}
      for k, n in pairs(points[p]) do
        if n ~= 0 then row.points[k] = (row.points[k] or 0) + n end
      end
    end
  end
end

-- Folds each seat's score into its agent's histogram (score -> games),
-- kept only when a report needs the distribution.
function M.add_hist(s, scores, seated)
  for _, row in ipairs(s.rows) do
    for p, v in ipairs(scores) do
      if seated[p] == row.name then
        row.hist = row.hist or {}
        local key = tostring(v)
        row.hist[key] = (row.hist[key] or 0) + 1
      end
    end
  end
end

-- a and b: sections of the same agents; na, nb: their games.
function M.merge(a, b, na, nb)
  local s = { rows = {}, seat_margins = {} }
  for i, ra in ipairs(a.rows) do
    local rb = b.rows[i]
    s.rows[i] = { name = ra.name, games = ra.games + rb.games, wins = ra.wins + rb.wins,
                  score = merge_moments(ra.score, rb.score, ra.games, rb.games),
                  margin = merge_moments(ra.margin, rb.margin, ra.games, rb.games) }
    local pts = summary.add_maps(ra.points and { ra.points }, rb.points and { rb.points }, 1)
    s.rows[i].points = pts and pts[1]
    local hist = summary.add_maps(ra.hist and { ra.hist }, rb.hist and { rb.hist }, 1)
    s.rows[i].hist = hist and hist[1]
  end
  for p, m in ipairs(a.seat_margins) do s.seat_margins[p] = merge_moments(m, b.seat_margins[p], na, nb) end
  return s
end

-- Checks a section read from a part file: nil, or what is wrong.
function M.check(s, players)
  if type(s) ~= "table" or type(s.rows) ~= "table" or type(s.seat_margins) ~= "table" then
    return "summary.agents: expected rows and seat_margins"
  end
  local function moments_ok(m)
    if type(m) ~= "table" then return false end
    for _, f in ipairs({ "sum", "sumsq", "min", "max" }) do
      if math.type(m[f]) ~= "integer" then return false end
    end
    return true
  end
  for i, row in ipairs(s.rows) do
    if type(row) ~= "table" or type(row.name) ~= "string" or math.type(row.games) ~= "integer"
        or math.type(row.wins) ~= "integer" or not moments_ok(row.score) or not moments_ok(row.margin) then
      return ("summary.agents.rows[%d]: expected name, games, wins, score and margin"):format(i)
    end
  end
  if #s.seat_margins ~= players then return ("summary.agents.seat_margins: expected %d seats"):format(players) end
  for p = 1, players do
    if not moments_ok(s.seat_margins[p]) then return ("summary.agents.seat_margins[%d]: bad moments"):format(p) end
  end
  return nil
end

-- {======================================================================
-- What is printed
-- =======================================================================

-- mean and the half width of its 95% interval (normal approximation).
local function mean_ci(m, n)
  if n == 0 then return 0, 0 end
  local mean = m.sum / n
  if n < 2 then return mean, 0 end
  local sq = m.sumsq - (m.sum * 1.0) * m.sum / n
  return mean, 1.96 * math.sqrt(math.max(sq, 0) / (n - 1)) / math.sqrt(n)
end
M.mean_ci = mean_ci

local function describe(name, games, wins, win_units, score, margin)
  local rate = games > 0 and wins / (win_units * games) or 0
  local lo, hi = matches.wilson(rate, games)
  local mean, mean_half = mean_ci(score, games)
  local mg, mg_half = mean_ci(margin, games)
  return { name = name, games = games, win_rate = rate, win_lo = lo, win_hi = hi, mean = mean,
           mean_ci95 = mean_half, margin = mg, margin_ci95 = mg_half }
end

-- Rows per agent, then per seat (whoever sat there), for printing.
function M.derive(s)
  local by_agent, by_seat = {}, {}
  for i, r in ipairs(s.agents.rows) do
    by_agent[i] = describe(r.name, r.games, r.wins, s.win_units, r.score, r.margin)
  end
  for p, seat in ipairs(s.seats) do
    by_seat[p] = describe("seat " .. p, s.games, seat.wins, s.win_units, seat, s.agents.seat_margins[p])
  end
  return by_agent, by_seat
end

local function print_rows(dest, rows, title)
  dest.printf("\n  %-20s  games   win rate  (95%% CI)        mean   margin (95%% CI)\n", title)
  for _, r in ipairs(rows) do
    dest.printf("  %-20s  %5d   %6.1f%%  (%5.1f-%5.1f%%)  %6.2f   %+6.2f ± %.2f\n", r.name, r.games,
                100 * r.win_rate, 100 * r.win_lo, 100 * r.win_hi, r.mean, r.margin, r.margin_ci95)
  end
end

function M.print_tables(dest, s)
  local by_agent, by_seat = M.derive(s)
  print_rows(dest, by_agent, "agent")
  print_rows(dest, by_seat, "seat")
end

-- The JSON fields of an agents study, added to out.
function M.json_fields(out, config, s)
  local by_agent, by_seat = M.derive(s)
  out.agents_by_seat, out.rotate_seats, out.agents = config.agents, config.rotate_seats ~= nil, {}
  for i, r in ipairs(by_agent) do
    out.agents[i] = { name = r.name, games = r.games, win_rate = r.win_rate,
                      win_ci95 = { r.win_lo, r.win_hi }, mean = r.mean, mean_ci95 = r.mean_ci95,
                      margin = r.margin, margin_ci95 = r.margin_ci95 }
    local row = s.agents.rows[i]
    if row.points and r.games > 0 then
      local per = {}
      for k, v in pairs(row.points) do per[k] = v / r.games end
      out.agents[i].points = per
    end
    if row.hist then out.agents[i].hist = row.hist end
  end
  for p, r in ipairs(by_seat) do
    out.seats[p].margin, out.seats[p].margin_ci95 = r.margin, r.margin_ci95
  end
end

-- The seeds games first..last (game numbers) play: first and last seed.
function M.seed_range(config, first, last)
  local base = config.rotate_seats
  if not base then return first, last end
  return base + (first - base) // config.players, base + (last - base) // config.players
end

-- }======================================================================

-- {======================================================================
-- Playing
-- =======================================================================

-- Who sits where and which seed game number n plays.
local function seating(n, base, players, n_agents, rotate)
  local i = n - base + 1
  return matches.seating(i, players, n_agents, rotate), matches.seed_of(i, base, players, rotate)
end

-- Plays game numbers [first, first + games) of the study, folding each
-- into the summary (s.agents added) and passing its row to on_game with
-- row.seed the seed it played, row.game its number and row.agents the
-- agent name per seat. opts: rs, players, names, rotate (bool), base
-- (the study's --seed), first, games, jobs, progress, on_game.
function M.run(opts)
  local names, players, base, rotate = opts.names, opts.players, opts.base, opts.rotate
  local section = M.new(names, players)
  local folded = 0
  local seated = {}
  local function on_game(row)
    local seats, seed = seating(row.seed, base, players, #names, rotate)
    for p = 1, players do seated[p] = names[seats[p]] end
    M.add(section, row.scores, seated, summary.WIN_UNITS, folded, row.points)
    if opts.hist then M.add_hist(section, row.scores, seated) end
    folded = folded + 1
    row.game, row.seed, row.agents = row.seed, seed, seated
    if opts.on_game then opts.on_game(row) end
  end
  local all_random = not rotate
  for _, n in ipairs(names) do all_random = all_random and n == "random" end
  local result
  if all_random then
    -- random in every seat: the C games of plain sim (game number = seed)
    result = require("meeple.loader").simulate(opts.rs, {
      players = players, games = opts.games, seed = opts.first, jobs = opts.jobs, results = false,
      on_game = on_game, progress = opts.progress })
  else
    local seat_agents = {}
    for i, name in ipairs(names) do seat_agents[i] = assert(agents_mod.make(name)) end
    result = require("meeple").play_games {
      rules = opts.rs.rules, players = players, games = opts.games, first = opts.first,
      jobs = opts.jobs, progress = opts.progress, progress_every = 1, on_game = on_game,
      play = function(n)
        local seats, seed = seating(n, base, players, #names, rotate)
        return matches.play_one(opts.rs, players, seed, seat_agents, seats)
      end }
  end
  result.agents = section
  return result
end

-- }======================================================================

return M
