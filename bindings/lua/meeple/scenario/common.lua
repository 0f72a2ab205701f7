-- meeple.scenario.common: what every part of the scenario runner shares:
-- showing and comparing values, the scenario line that made a call, and
-- the ledger as plain entries. Trusted host code (see meeple.scenario).

local M = {}

-- A value as scenario text: {4, 0}, "city", {player = 1, points = 4}.
local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return ("%q"):format(v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 3 then return "{...}" end
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do parts[#parts + 1] = ("%s = %s"):format(tostring(k), show(v[k], depth + 1)) end
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
M.same = same

-- The position of the scenario line that called the API function which
-- calls here(): error() at the right level puts "file:line:" in front.
-- Levels: 1 = pcall, 2 = here, 3 = the API function, 4 = its caller.
local function here(extra)
  local _, msg = pcall(error, "@", 4 + (extra or 0))
  local pos = type(msg) == "string" and msg:match("^(.*):%s*@$")
  return pos or "?"
end

-- Raised by the recording API for a malformed call: "file:line: msg".
local function bad(at, fmt, ...)
  error(at .. ": " .. fmt:format(...), 0)
end
M.here, M.bad = here, bad

-- The ledger's entries (of one 0-based turn, or all) as plain tables.
local function ledger_entries(g, turn0)
  local out = {}
  for _, e in ipairs(g:ledger()) do
    if turn0 == nil or e.turn == turn0 then
      out[#out + 1] = { player = e.player, points = e.points, reason = e.reason }
    end
  end
  return out
end

local function sort_entries(list)
  local copy = {}
  for i, e in ipairs(list) do copy[i] = { player = e.player, points = e.points, reason = e.reason } end
  table.sort(copy, function(a, b)
    if a.player ~= b.player then return a.player < b.player end
    if a.reason ~= b.reason then return tostring(a.reason) < tostring(b.reason) end
    return a.points < b.points
  end)
  return copy
end
M.ledger_entries, M.sort_entries = ledger_entries, sort_entries

return M
