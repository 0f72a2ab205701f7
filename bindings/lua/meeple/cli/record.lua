-- meeple.cli.record: game records (JSON Lines): a header naming the game,
-- one line per move with the state digest after it, and a final line.

local loader = require "meeple.loader"
local cjson = require "cjson"

local M = {}

-- JSON with object keys in sorted order, so that the same game writes
-- the same bytes on every run (cjson follows the table's hash order,
-- which Lua seeds per run). cjson still does the parsing and escaping.
-- Integers are written in full: cjson keeps only 14 digits.
local function encode(v)
  if math.type(v) == "integer" then return string.format("%d", v) end
  if type(v) ~= "table" then return cjson.encode(v) end
  local n = #v
  local count = 0
  for _ in pairs(v) do count = count + 1 end
  if count == n and (n > 0 or (cjson.array_mt ~= nil and getmetatable(v) == cjson.array_mt)) then
    local parts = {}
    for i = 1, n do parts[i] = encode(v[i]) end
    return "[" .. table.concat(parts, ",") .. "]"
  end
  if count == 0 then return "{}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do
    local value = v[k]
    if value == nil then value = v[tonumber(k)] end
    parts[i] = cjson.encode(k) .. ":" .. encode(value)
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

M.json = { encode = encode, decode = cjson.decode }

-- A digest of the whole state after a move: replay compares these.
function M.state_digest(g)
  return loader.content_hash(g:serialize())
end

function M.header(game, agents_list)
  return {
    record = "meeple-game", engine = require("meeple").version,
    game = game.game, with = game.with, rules = game.rules,
    options = game.options, seed = game.seed, players = game.players, agents = agents_list,
    files = game.rs.files,
  }
end

return M
