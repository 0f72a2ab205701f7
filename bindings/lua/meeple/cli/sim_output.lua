-- meeple.cli.sim_output: everything sim and merge write about a study:
-- the summary as a table, JSON or CSV, part files (a shard's
-- configuration, seeds and summary, for meeple merge), the description
-- of the run that produced it and the per-game rows (--csv-games).
--
-- Invariants: what is printed is a function of (study, summary) only, so
-- one process over all seeds and a merge of its shards print the same
-- bytes. A study is { config = {...}, first_seed = n }; config is what
-- must agree for two parts to merge (see M.config). The run description
-- names everything a result depends on: engine version, game,
-- expansions, house rules and tile sets with their content hashes,
-- options typed as declared, agents per seat, seeds.

local record = require "meeple.record"
local summary = require "meeple.cli.summary"
local sim_agents = require "meeple.cli.sim_agents"
local json = record.json

local M = {}

M.PART_FORMAT = "meeple-sim-part"
M.PART_VERSION = 1

-- What makes two runs comparable: the engine, the game and everything
-- that changes its rules (scripts by content hash, not by path, so parts
-- made on machines with different checkouts merge), and the agents.
-- agents: the --agents list (nil: random); rotate_seed: with
-- --rotate-seats, the study's --seed (game numbers count from it).
function M.config(game, agents, rotate_seed)
  local hashes = {}
  for i, f in ipairs(game.rs.files) do hashes[i] = f.hash end
  return { engine = require("meeple").version, game = game.game, players = game.players,
           with = game.with, rules = game.rules, options = game.options, files = hashes,
           agents = agents or "random", rotate_seats = rotate_seed }
end

-- A seat's (or agent's) mean score with the half width of its 95%
-- interval, and its win rate's 95% Wilson interval.
local function seat_intervals(out, seat, s, d)
  local _, half = sim_agents.mean_ci(seat, s.games)
  out.mean_ci95 = half
  local lo, hi = require("meeple.cli.matches").wilson(d.win_rate, s.games)
  out.win_ci95 = { lo, hi }
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- The JSON object of a study: run, seats, features, points, agents.
local function json_object(study, s, d)
  local c = study.config
  local out = { run = study.run, games = s.games, seed = study.first_seed, players = c.players,
                game = c.game, with = record.list(c.with),
                options = study.run and study.run.options or c.options, seats = {},
                features_closed = {}, mean_turns = d.turns.mean }
  for p, seat in ipairs(d.seats) do
    out.seats[p] = { mean = seat.mean, sd = seat.sd, min = seat.min, max = seat.max,
                     win_rate = seat.win_rate }
    seat_intervals(out.seats[p], s.seats[p], s, seat)
  end
  for k, v in pairs(d.features) do out.features_closed[k] = v end
  if d.points then out.points = d.points end -- mean points a game per seat and kind
  if s.hist then out.hist = s.hist end        -- per seat: score -> games
  if s.agents then sim_agents.json_fields(out, c, s) end
  return out
end

local function print_json(dest, study, s, d)
  dest.write(json.encode(json_object(study, s, d)), "\n")
end

-- The study as sim --json prints it, a table (meeple report draws it).
function M.json_object(study, s)
  return json_object(study, s, summary.derive(s))
end

local function print_csv(dest, study, _, d)
  if study.run then dest.write(M.csv_comment(study.run)) end
  dest.printf("seat,mean,sd,min,max,win_rate\n")
  for p, seat in ipairs(d.seats) do
    dest.printf("%d,%.3f,%.3f,%d,%d,%.4f\n", p, seat.mean, seat.sd, seat.min, seat.max, seat.win_rate)
  end
end

local function print_table(dest, study, s, d)
  local c = study.config
  local first, last = sim_agents.seed_range(c, study.first_seed, study.first_seed + s.games - 1)
  local agents = type(c.agents) == "table" and (", agents " .. table.concat(c.agents, ",")) or ""
  dest.printf("%d games of %s, %d players, seeds %d..%d%s%s\n\n", s.games, c.game, c.players,
              first, last, agents, c.rotate_seats and ", seats rotated" or "")
  dest.printf("  seat    mean     sd   min   max   wins\n")
  for p, seat in ipairs(d.seats) do
    dest.printf("  %4d  %6.2f  %5.2f  %4d  %4d  %5.1f%%\n", p, seat.mean, seat.sd, seat.min,
                seat.max, 100 * seat.win_rate)
  end
  dest.printf("\nfeatures completed per game\n")
  for _, k in ipairs(sorted_keys(d.features)) do dest.printf("  %-10s %6.2f\n", k, d.features[k]) end
  dest.printf("\nmean game length  %.1f turns\n", d.turns.mean)
  if s.agents then sim_agents.print_tables(dest, s) end
end

-- Prints the study's summary s in format "table", "json" or "csv".
function M.report(dest, format, study, s)
  local printer = ({ json = print_json, csv = print_csv })[format] or print_table
  printer(dest, study, s, summary.derive(s))
end

-- The end of sim and merge: the part file (--out), or the summary in the
-- format asked for, to dest (default: stdout; sim's --output buffers it).
-- inputs: files the run read, never written over. Returns the exit status.
function M.emit(cmd, opts, study, s, dest, inputs)
  local common = require "meeple.cli.common"
  if opts.out then
    local ok, err = require("meeple.cli.output").write_output(opts.out, M.encode_part(study, s),
                                                              "--out", inputs)
    if not ok then common.eprintf("meeple %s: cannot write %s\n", cmd, tostring(err)) return 1 end
    return 0
  end
  if opts.html then
    local ok, err = require("meeple.cli.html_report").write(opts.html, M.json_object(study, s), inputs)
    if not ok then common.eprintf("meeple %s: --html: %s\n", cmd, tostring(err)) return 1 end
  end
  dest = dest or { printf = common.printf, write = function(...) common.stdout:write(...) end,
                   close = function() return 0 end }
  M.report(dest, opts.json and "json" or opts.csv and "csv" or "table", study, s)
  return dest.close()
end

-- {======================================================================
-- Part files
-- =======================================================================

-- The text of a part file: seeds first..last (inclusive) and their summary.
function M.encode_part(study, s)
  return json.encode({ format = M.PART_FORMAT, version = M.PART_VERSION, config = study.config,
                       seeds = { first = study.first_seed, last = study.first_seed + s.games - 1 },
                       run = study.run, summary = s }) .. "\n"
end

-- JSON numbers come back as floats: the integral ones become integers
-- again (exact up to 2^53), in place.
local function integers(v)
  if type(v) ~= "table" then return end
  for k, x in pairs(v) do
    if math.type(x) == "float" and x == math.floor(x) and math.abs(x) < 2 ^ 53 then
      v[k] = math.tointeger(x)
    else
      integers(x)
    end
  end
end

M.integers = integers

local function check_part(p)
  if type(p) ~= "table" or p.format ~= M.PART_FORMAT then
    return "not a part file of meeple sim --out"
  end
  if p.version ~= M.PART_VERSION then
    return ("part format version %s, this meeple reads %d"):format(tostring(p.version), M.PART_VERSION)
  end
  local c, seeds = p.config, p.seeds
  if type(c) ~= "table" or math.type(c.players) ~= "integer" or type(c.game) ~= "string" then
    return "config: expected game and players"
  end
  if type(seeds) ~= "table" or math.type(seeds.first) ~= "integer"
      or math.type(seeds.last) ~= "integer" then
    return "seeds: expected integers first and last"
  end
  local err = summary.check(p.summary, c.players)
  if err then return err end
  if seeds.last - seeds.first + 1 ~= p.summary.games then
    return ("seeds %d..%d but %d games"):format(seeds.first, seeds.last, p.summary.games)
  end
  return nil
end

-- Reads and checks a part file: the part, or nil and a message naming
-- the file.
function M.read_part(path)
  local text, err = require("meeple.files").read(path)   -- bounded: MAX_FILE_BYTES
  if not text then return nil, err end
  local ok, p = pcall(json.decode, text)
  if not ok then return nil, ("%s: not valid JSON (truncated or corrupt): %s"):format(path, tostring(p)) end
  integers(p)
  local why = check_part(p)
  if why then return nil, ("%s: %s"):format(path, why) end
  return p
end

-- }======================================================================


-- The run, as a table for JSON (lists marked so that [] stays []).
-- out_path: the --output file, for portable file names (may be nil).
function M.run_info(game, games, agents, root, out_path)
  local h = record.header(game, agents, root, out_path)
  return {
    engine = h.engine, game = h.game, with = h.with, rules = h.rules, files = h.files,
    options = h.options, agents = h.agents, players = h.players, games = games,
    seeds = record.list({ game.seed, game.seed + games - 1 }),
  }
end

-- "# run {...}": the run description as one comment line heading a CSV
-- file (pandas: read_csv(comment="#"), R: read.csv(comment.char="#")).
function M.csv_comment(info)
  return "# run " .. record.json.encode(info) .. "\n"
end

-- One row per game: its index, seed, length, winners and every score.
function M.csv_games(dest, results, game)
  local head = { "game", "seed", "turns", "winners" }
  for p = 1, game.players do head[#head + 1] = "score_" .. p end
  dest.write(table.concat(head, ","), "\n")
  for i, r in ipairs(results) do
    local best = -math.huge
    for _, s in ipairs(r.scores) do if s > best then best = s end end
    local winners = {}
    for p, s in ipairs(r.scores) do if s == best then winners[#winners + 1] = p end end
    local row = { i, game.seed + i - 1, r.turns, table.concat(winners, " ") }
    for p = 1, game.players do row[#row + 1] = r.scores[p] end
    dest.write(table.concat(row, ","), "\n")
  end
end

-- The same rows, one at a time as the games end (sim's on_game rows:
-- seed, scores, turns): a sink for sim's row sinks.
function M.csv_games_sink(dest, game)
  local head = { "game", "seed", "turns", "winners" }
  for p = 1, game.players do head[#head + 1] = "score_" .. p end
  dest.write(table.concat(head, ","), "\n")
  local i = 0
  return {
    add = function(r)
      i = i + 1
      local best = -math.huge
      for p = 1, game.players do if r.scores[p] > best then best = r.scores[p] end end
      local winners = {}
      for p = 1, game.players do if r.scores[p] == best then winners[#winners + 1] = p end end
      local row = { i, r.seed, r.turns, table.concat(winners, " ") }
      for p = 1, game.players do row[#row + 1] = r.scores[p] end
      dest.write(table.concat(row, ","), "\n")
    end,
    finish = function() return true end,
    abort = function() end,
  }
end

return M
