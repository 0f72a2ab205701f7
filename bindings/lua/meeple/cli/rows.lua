-- meeple.cli.rows: one row per game, written as the game finishes and
-- never kept: CSV (--csv-games FILE) or SQLite (--db FILE).
--
-- A row: seed, each seat's score, winner (the seat; 0 when seats tie),
-- tied (how many seats share the top score), turns, moves, the
-- features completed per kind, and each seat's points per feature kind
-- (points_SEAT_KIND; points_SEAT_other: points for no feature). The SQLite file also holds the study's
-- configuration in a table of its own (config: key, value as JSON).
--
-- Invariant: a row file appears at its path only complete. Rows go to a
-- temporary file beside it (meeple.cli.output) that is renamed into
-- place after the last row; a failed write (a full disk) raises at once
-- and the temporary file is removed.

local record = require "meeple.record"
local output = require "meeple.cli.output"

local M = {}

-- The column names of a study's rows. With agents (sim --agents) the
-- rows start with the game number (seeds repeat under --rotate-seats)
-- and end with the agent in each seat.
local function columns(players, kinds, agents)
  local cols = { "seed" }
  if agents then cols = { "game", "seed" } end
  for p = 1, players do cols[#cols + 1] = "score_" .. p end
  for _, c in ipairs({ "winner", "tied", "turns", "moves" }) do cols[#cols + 1] = c end
  for _, k in ipairs(kinds) do cols[#cols + 1] = "closed_" .. k end
  for p = 1, players do
    for _, k in ipairs(kinds) do cols[#cols + 1] = ("points_%d_%s"):format(p, k) end
    cols[#cols + 1] = ("points_%d_other"):format(p)
  end
  if agents then
    for p = 1, players do cols[#cols + 1] = "agent_" .. p end
  end
  return cols
end

local function row_values(row, players, kinds, agents, out)
  local best, tied, winner = math.mininteger, 0, 0
  for p = 1, players do
    local s = row.scores[p]
    if s > best then best, tied, winner = s, 1, p elseif s == best then tied = tied + 1 end
  end
  local i = 0
  if agents then i, out[1] = 1, row.game end
  out[i + 1] = row.seed
  for p = 1, players do out[i + 1 + p] = row.scores[p] end
  i = i + players + 1
  out[i + 1], out[i + 2], out[i + 3], out[i + 4] = tied == 1 and winner or 0, tied, row.turns, row.moves
  for k, name in ipairs(kinds) do out[i + 4 + k] = row.closed[name] or 0 end
  i = i + 4 + #kinds
  for p = 1, players do
    local pts = row.points and row.points[p] or {}
    for k, name in ipairs(kinds) do out[i + k] = pts[name] or 0 end
    out[i + #kinds + 1] = pts.other or 0
    i = i + #kinds + 1
  end
  if agents then
    for p = 1, players do out[i + p] = row.agents[p] end
  end
  return out
end

-- A CSV field: agent names are quoted when they hold a comma or quote.
local function csv_text(v)
  if v:find('[,"\n]') then return '"' .. v:gsub('"', '""') .. '"' end
  return v
end

-- A sink for rows: sink.add(row) per game, sink.finish() at the end
-- (true, or nil, message), sink.abort() on failure.
function M.csv(path, players, kinds, agents)
  local w, err = output.open(path)
  if not w then return nil, err end
  local cols = columns(players, kinds, agents)
  w:write(table.concat(cols, ","), "\n")
  local n = #cols
  -- values and separators go to write() as they are: the file formats
  -- the integers, so a row makes no string (a formatted line a game was
  -- garbage the collector let pile up: 200,000 rows grew the heap by MBs)
  local values, parts = {}, {}
  for i = 1, n do parts[2 * i] = i < n and "," or "\n" end
  return {
    add = function(row)
      row_values(row, players, kinds, agents, values)
      if agents then
        for i = n - players + 1, n do values[i] = csv_text(values[i]) end
      end
      for i = 1, n do parts[2 * i - 1] = values[i] end
      w:write(table.unpack(parts, 1, 2 * n))
      if w.err then error(("%s: %s"):format(path, w.err), 0) end
    end,
    finish = function() return w:commit() end,
    abort = function() w:abort() end,
  }
end

function M.exists(path)
  local f = io.open(path, "rb")
  if f then f:close() return true end
  return false
end

-- --db onto an existing file (#43: it silently replaced 20,000 rows with
-- 10): refused unless --append or --force. true, or nil and the status.
function M.check_db(opts)
  local usage = require("meeple.cli.common").usage
  if (opts.append or opts.force) and not opts.db then
    return nil, usage("sim", "--%s goes with --db", opts.append and "append" or "force")
  end
  if opts.append and opts.force then return nil, usage("sim", "--append and --force exclude each other") end
  if opts.db and M.exists(opts.db) and not opts.append and not opts.force then
    return nil, usage("sim", "--db %s exists; --append adds the rows to it (same configuration), --force replaces it",
                      opts.db)
  end
  return true
end

local function select_rows(db, sql)
  local st = db:prepare(sql)
  local out = st:rows()
  st:finalize()
  return out
end

-- --append: the rows go into the existing database in one transaction,
-- after its stored configuration is checked to be this one's (the same
-- JSON text per key). A seed already there fails the run and leaves the
-- file as it was.
function M.sqlite_append(path, players, kinds, config, agents)
  local ok, db = pcall(require("meeple").sqlite_open, path)
  if not ok then return nil, ("%s: %s"):format(path, db) end
  local function close_with(msg) pcall(db.close, db) return nil, msg end
  local read_ok, stored = pcall(select_rows, db, "SELECT key, value FROM config ORDER BY key")
  if not read_ok then return close_with(("%s: --append: not a meeple sim database (%s)"):format(path, stored)) end
  local want, have = {}, {}
  for k, v in pairs(config) do want[k] = record.json.encode(v) end
  for _, row in ipairs(stored) do have[row[1]] = row[2] end
  local keys = {}
  for k in pairs(want) do keys[#keys + 1] = k end
  for k in pairs(have) do if want[k] == nil then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if want[k] ~= have[k] then
      return close_with(("%s: --append: another configuration (%s: stored %s, now %s); --force replaces it"):format(
        path, k, tostring(have[k]), tostring(want[k])))
    end
  end
  local cols = columns(players, kinds, agents)
  -- A database written by an older meeple (before the points_* columns,
  -- #43) has the same configuration but other columns: say which, rather
  -- than let the INSERT fail on a column count.
  local cols_ok, stored_cols = pcall(select_rows, db, "PRAGMA table_info(games)")
  if not cols_ok then return close_with(("%s: --append: not a meeple sim database (%s)"):format(path, stored_cols)) end
  local stored_set, wanted_set = {}, {}
  for _, row in ipairs(stored_cols) do stored_set[row[2]] = true end
  for _, name in ipairs(cols) do wanted_set[name] = true end
  local missing, extra = {}, {}
  for _, name in ipairs(cols) do if not stored_set[name] then missing[#missing + 1] = name end end
  for _, row in ipairs(stored_cols) do if not wanted_set[row[2]] then extra[#extra + 1] = row[2] end end
  if #missing > 0 or #extra > 0 then
    local function some(list)
      return #list == 0 and "none" or table.concat(list, ", ", 1, math.min(#list, 3)) .. (#list > 3 and ", ..." or "")
    end
    return close_with(("%s: --append: the games table has other columns than this meeple writes (missing: %s; "
      .. "not written now: %s); it was written by another version: write a new database, or --force replaces it")
      :format(path, some(missing), some(extra)))
  end
  local insert
  local begun, err = pcall(function()
    db:exec("BEGIN")
    insert = db:prepare("INSERT INTO games VALUES (" .. ("?,"):rep(#cols - 1) .. "?)")
  end)
  if not begun then return close_with(("%s: %s"):format(path, err)) end
  local values, n = {}, #cols
  local function abort()
    pcall(insert.finalize, insert)
    pcall(db.exec, db, "ROLLBACK")
    pcall(db.close, db)
  end
  return {
    add = function(row)
      local done, why = pcall(insert.run, insert, table.unpack(row_values(row, players, kinds, agents, values), 1, n))
      if not done then
        error(("%s: %s%s"):format(path, why, tostring(why):match("UNIQUE") and
          " (a seed already in the database: --seed starts after its last)" or ""), 0)
      end
    end,
    finish = function()
      local done, why = pcall(function()
        insert:finalize()
        db:exec("COMMIT")
        db:close()
      end)
      if not done then abort() return nil, ("%s: %s"):format(path, why) end
      return true
    end,
    abort = abort,
  }
end

-- The same rows in an SQLite database: a table games (one row per game,
-- seed as its key) and a table config (key, value as JSON).
function M.sqlite(path, players, kinds, config, agents)
  local sqlite = require("meeple").sqlite_open
  local temp = ("%s.tmp-%d"):format(path, math.random(0, 1 << 30))
  os.remove(temp)
  local ok, db = pcall(sqlite, temp)
  if not ok then return nil, ("%s: %s"):format(path, db) end
  local cols = columns(players, kinds, agents)
  local defs = {}
  for i, c in ipairs(cols) do
    local text = agents and i > #cols - players
    defs[i] = ('"%s" %s%s'):format(c, text and "TEXT" or "INTEGER", i == 1 and " PRIMARY KEY" or " NOT NULL")
  end
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
      local done, why = pcall(insert.run, insert,
                              table.unpack(row_values(row, players, kinds, agents, values), 1, n))
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
