-- meeple.cli.sim_output: what sim's machine-readable output says about
-- the run that produced it, and the per-game rows (--csv-games).
--
-- Invariant: the run description names everything a result depends on:
-- engine version, game, expansions, house rules and tile sets with their
-- content hashes, options typed as declared, agents per seat, seeds.

local record = require "meeple.record"

local M = {}

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
