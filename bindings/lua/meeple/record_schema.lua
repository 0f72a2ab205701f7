-- meeple.record_schema: the types of a game record's lines
-- (docs/records.md), checked before anything in them is used.
--
-- Invariant: check() accepts a line only if every field the schema names
-- is present with its type, and no other field is; the first problem is
-- returned as "field 'NAME': expected T, got VALUE". Lines are parsed
-- with dkjson, which keeps [] apart from {} and 2 apart from 2.0.

local dkjson = require "dkjson"
local meeple = require "meeple"

local M = {}

local HEX16 = "^%x+$"

local FILE = {
  role = { type = "string", one_of = { "game", "with", "rules", "tiles" } },
  path = { type = "string", nonempty = true },
  from = { type = "string", one_of = { "root", "record" } },
  hash = { type = "string", pattern = HEX16, len = 16 },
}

M.HEADER = {
  record = { type = "string", one_of = { "meeple-game" } },
  version = { type = "integer", min = 1, max = 1 },
  engine = { type = "string" },
  game = { type = "string", nonempty = true },
  with = { type = "list", of = { type = "string", nonempty = true } },
  rules = { type = "list", of = { type = "string", nonempty = true } },
  options = { type = "map", of = { type = "scalar" } },
  seed = { type = "integer", min = 0 },
  players = { type = "integer", min = 1, max = meeple.MAX_PLAYERS },
  agents = { type = "list", of = { type = "string", nonempty = true } },
  files = { type = "list", of = { type = "object", fields = FILE }, nonempty = true,
            max_len = require("meeple.limits").MAX_RECORD_FILES },
}

M.MOVE = {
  turn = { type = "integer", min = 1 },
  player = { type = "integer", min = 1 },
  move = { type = "string", nonempty = true },
  scores = { type = "list", of = { type = "integer" } },
  state = { type = "string", pattern = HEX16, len = 16 },
  decider = { type = "integer", min = 1, optional = true },
}

M.FINAL = {
  final = { type = "boolean", one_of = { true } },
  moves = { type = "integer", min = 0 },
  scores = { type = "list", of = { type = "integer" } },
  state = { type = "string", pattern = HEX16, len = 16 },
}

local function jsontype(v)
  local mt = getmetatable(v)
  return mt and mt.__jsontype
end

-- A value as the record spells it, shortened.
local function show(v)
  local ok, text = pcall(dkjson.encode, v)
  text = ok and text or tostring(v)
  if #text > 40 then text = text:sub(1, 37) .. "..." end
  return text
end
M.show = show

local NAMES = { integer = "an integer", string = "a string", boolean = "true or false",
                list = "a list [...]", map = "an object {...}", object = "an object {...}",
                scalar = "a string, number or boolean" }

local function has_type(v, t)
  if t == "integer" then return math.type(v) == "integer" end
  if t == "string" then return type(v) == "string" end
  if t == "boolean" then return type(v) == "boolean" end
  if t == "scalar" then return type(v) == "string" or type(v) == "number" or type(v) == "boolean" end
  if t == "list" then return type(v) == "table" and jsontype(v) == "array" end
  return type(v) == "table" and jsontype(v) == "object" -- map, object
end

local check_fields

local function check_value(v, spec, name)
  local function bad(why) return ("field '%s': %s, got %s"):format(name, why, show(v)) end
  if not has_type(v, spec.type) then return bad("expected " .. NAMES[spec.type]) end
  if spec.nonempty and (v == "" or (type(v) == "table" and next(v) == nil)) then
    return bad("expected " .. (type(v) == "string" and "a non-empty string" or "a non-empty list"))
  end
  -- a field holds exactly what was written: no NUL (C would read the
  -- text before it: "place D 0,1 r0\0garbage" as "place D 0,1 r0"), no
  -- line break, no terminal escape in a message that shows it
  if type(v) == "string" and v:find("[%c\127]") then return bad("expected text without control characters") end
  if spec.max_len and #v > spec.max_len then
    return bad(("expected at most %d entries"):format(spec.max_len))
  end
  if spec.min and v < spec.min then return bad(("expected at least %d"):format(spec.min)) end
  if spec.max and v > spec.max then return bad(("expected at most %d"):format(spec.max)) end
  if spec.pattern and (not v:match(spec.pattern) or (spec.len and #v ~= spec.len)) then
    return bad(("expected %d hex digits"):format(spec.len))
  end
  if spec.one_of then
    local ok, shown = false, {}
    for i, x in ipairs(spec.one_of) do ok = ok or x == v; shown[i] = show(x) end
    if not ok then return bad("expected " .. table.concat(shown, " or ")) end
  end
  if spec.type == "list" then
    local n = 0
    for _ in pairs(v) do n = n + 1 end
    for i = 1, n do
      local err = check_value(v[i], spec.of, ("%s[%d]"):format(name, i))
      if err then return err end
    end
  elseif spec.type == "map" then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do
      local err = check_value(v[k], spec.of, name .. "." .. k)
      if err then return err end
    end
  elseif spec.type == "object" then
    return check_fields(v, spec.fields, name .. ".")
  end
end

-- Every field of schema present and typed; no field the schema lacks.
function check_fields(obj, schema, prefix)
  local names = {}
  for k in pairs(schema) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    if obj[k] == nil then
      if not schema[k].optional then return ("field '%s%s' is missing"):format(prefix, k) end
    else
      local err = check_value(obj[k], schema[k], prefix .. k)
      if err then return err end
    end
  end
  local extra = {}
  for k in pairs(obj) do
    if type(k) ~= "string" or not schema[k] then extra[#extra + 1] = tostring(k) end
  end
  table.sort(extra)
  if #extra > 0 then return ("unknown field '%s%s'"):format(prefix, extra[1]) end
end

-- One line as a JSON object: the table, or nil, message.
function M.parse(line)
  local ok, obj, pos, err = pcall(dkjson.decode, line, 1, nil)
  if not ok then return nil, "not JSON: " .. tostring(obj) end
  if err then return nil, "not JSON: " .. err end
  if line:find("%S", pos) then return nil, "not JSON: text after the value" end
  if jsontype(obj) ~= "object" then return nil, "expected a JSON object {...}" end
  return obj
end

-- nil if obj fits schema, else the message.
function M.check(obj, schema)
  return check_fields(obj, schema, "")
end

return M
