-- meeple.cli.rows: one row per game, written as the game finishes and
-- never kept: CSV (--csv-games FILE) or SQLite (--db FILE).
--
-- A row: seed, each seat's score, winner (the seat; 0 when seats tie),
-- tied (how many seats share the top score), turns, moves, and the
-- features completed per kind. The SQLite file also holds the study's
-- configuration in a table of its own (config: key, value as JSON).
--
-- Invariant: a row file appears at its path only complete. Rows go to a
-- temporary file beside it (meeple.cli.output) that is renamed into
-- place after the last row; a failed write (a full disk) raises at once
-- and the temporary file is removed.

local record = require "meeple.cli.record"
local output = require "meeple.cli.output"

local M = {}

-- The column names of a study's rows.
local function columns(players, kinds)
  local cols = { "seed" }
  for p = 1, players do cols[#cols + 1] = "score_" .. p end
  for _, c in ipairs({ "winner", "tied", "turns", "moves" }) do cols[#cols + 1] = c end
  for _, k in ipairs(kinds) do cols[#cols + 1] = "closed_" .. k end
  return cols
end

local function row_values(row, players, kinds, out)
  local best, tied, winner = math.mininteger, 0, 0
  for p = 1, players do
    local s = row.scores[p]
    if s > best then best, tied, winner = s, 1, p elseif s == best then tied = tied + 1 end
  end
  out[1] = row.seed
  for p = 1, players do out[1 + p] = row.scores[p] end
  local i = players + 1
  out[i + 1], out[i + 2], out[i + 3], out[i + 4] = tied == 1 and winner or 0, tied, row.turns, row.moves
  for k, name in ipairs(kinds) do out[i + 4 + k] = row.closed[name] or 0 end
  return out
end

-- A sink for rows: sink.add(row) per game, sink.finish() at the end
-- (true, or nil, message), sink.abort() on failure.
function M.csv(path, players, kinds)
  local w, err = output.open(path)
  if not w then return nil, err end
  w:write(table.concat(columns(players, kinds), ","), "\n")
  local n = #columns(players, kinds)
  local fmt = ("%d,"):rep(n - 1) .. "%d\n"
  local values = {}
  return {
    add = function(row)
      w:write(fmt:format(table.unpack(row_values(row, players, kinds, values), 1, n)))
      if w.err then error(("%s: %s"):format(path, w.err), 0) end
    end,
    finish = function() return w:commit() end,
    abort = function() w:abort() end,
  }
end

-- The same rows in an SQLite database: a table games (one row per game,
-- seed as its key) and a table config (key, value as JSON).
function M.sqlite(path, players, kinds, config)
  local sqlite = require("meeple").sqlite_open
  local temp = ("%s.tmp-%d"):format(path, math.random(0, 1 << 30))
  os.remove(temp)
  local ok, db = pcall(sqlite, temp)
  if not ok then return nil, ("%s: %s"):format(path, db) end
  local cols = columns(players, kinds)
  local defs = {}
  for i, c in ipairs(cols) do defs[i] = ('"%s" INTEGER%s'):format(c, i == 1 and " PRIMARY KEY" or " NOT NULL") end
  local ok2, err = pcall(function()
    db:exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
    db:exec("CREATE TABLE config (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db:exec("CREATE TABLE games (" .. table.concat(defs, ", ") .. ")")
    local put = db:prepare("INSERT INTO config VALUES (?, ?)")
    local keys = {}
    for k in pairs(config) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do put:run(k, record.json.encode(config[k])) end
    put:finalize()
    db:exec("BEGIN")
  end)
  if not ok2 then
    db:close()
    os.remove(temp)
    return nil, ("%s: %s"):format(path, err)
  end
  local marks = ("?,"):rep(#cols - 1) .. "?"
  local insert = db:prepare("INSERT INTO games VALUES (" .. marks .. ")")
  local values = {}
  local n = #cols
  local function fail()
    pcall(insert.finalize, insert)
    db:close()
    os.remove(temp)
  end
  return {
    add = function(row)
      local done, why = pcall(insert.run, insert, table.unpack(row_values(row, players, kinds, values), 1, n))
      if not done then error(("%s: %s"):format(path, why), 0) end
    end,
    finish = function()
      local done, why = pcall(function()
        insert:finalize()
        db:exec("COMMIT")
        db:close()
      end)
      if not done then
        fail()
        return nil, ("%s: %s"):format(path, why)
      end
      local renamed, rerr = os.rename(temp, path)
      if not renamed then os.remove(temp) return nil, rerr end
      return true
    end,
    abort = fail,
  }
end

return M
