-- meeple merge --db OUT PART.sqlite...: the per-shard SQLite files of a
-- study (sim --shard I/N --db part-I.sqlite) as one database (#43).
--
-- Invariant: OUT appears whole or not at all: everything is written into
-- a temporary file beside it, renamed over nothing once committed; parts
-- of different configurations, or sharing a seed, leave no OUT.

local common = require "meeple.cli.common"
local rows = require "meeple.cli.rows"

local M = {}

local function rows_of(db, sql)
  local st = db:prepare(sql)
  local out = st:rows()
  st:finalize()
  return out
end

local function quote(s) return "'" .. s:gsub("'", "''") .. "'" end

-- true, or nil and the message.
function M.merge(out, parts)
  if rows.exists(out) then return nil, ("%s exists; merge writes a new database"):format(out) end
  local sqlite = require("meeple").sqlite_open
  local temp = ("%s.tmp-%d"):format(out, math.random(0, 1 << 30))
  local ok, db = pcall(sqlite, temp)
  if not ok then return nil, ("%s: %s"):format(out, db) end
  local function fail(msg)
    pcall(db.exec, db, "ROLLBACK")
    pcall(db.close, db)
    os.remove(temp)
    return nil, msg
  end
  local config
  for i, part in ipairs(parts) do
    if not rows.exists(part) then return fail(("%s: no such file"):format(part)) end
    local done, err = pcall(db.exec, db, "ATTACH DATABASE " .. quote(part) .. " AS part")
    if not done then return fail(("%s: %s"):format(part, err)) end
    local got_ok, cfg = pcall(rows_of, db, "SELECT key, value FROM part.config ORDER BY key")
    if not got_ok then return fail(("%s: not a meeple sim database (%s)"):format(part, cfg)) end
    local text = {}
    for _, r in ipairs(cfg) do text[#text + 1] = r[1] .. "=" .. tostring(r[2]) end
    text = table.concat(text, "\n")
    if i == 1 then
      config = text
      local made, why = pcall(function()
        for _, r in ipairs(rows_of(db, "SELECT sql FROM part.sqlite_master WHERE type = 'table' ORDER BY name")) do
          db:exec(r[1])
        end
        db:exec("INSERT INTO main.config SELECT * FROM part.config")
      end)
      if not made then return fail(("%s: %s"):format(part, why)) end
    elseif text ~= config then
      return fail(("%s and %s come from different studies (their config tables differ)"):format(parts[1], part))
    end
    local copied, why = pcall(db.exec, db, "BEGIN; INSERT INTO main.games SELECT * FROM part.games; COMMIT")
    if not copied then
      return fail(("%s: %s%s"):format(part, why, tostring(why):match("UNIQUE") and
        " (a seed already in an earlier part: the parts overlap)" or ""))
    end
    db:exec("DETACH DATABASE part")
  end
  local closed, why = pcall(db.close, db)
  if not closed then os.remove(temp) return nil, ("%s: %s"):format(out, why) end
  local renamed, rerr = os.rename(temp, out)
  if not renamed then os.remove(temp) return nil, rerr end
  return true
end

function M.run(opts, parts)
  local ok, err = M.merge(opts.db, parts)
  if not ok then common.eprintf("meeple merge: %s\n", err) return 1 end
  common.printf("%s: %d parts merged\n", opts.db, #parts)
  return 0
end

return M
