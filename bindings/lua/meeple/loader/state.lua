-- meeple.loader.state: each script's state lives in the game (a blob
-- per script) so clone, save, undo and replay carry it; hooks get it as
-- a plain table. This is its text form: sorted keys, so the same table
-- always gives the same text.

local sorted_keys = require("meeple.loader.common").sorted_keys

local M = {}

local function serialize(v, out)
  local t = type(v)
  if t == "number" then
    out[#out + 1] = math.type(v) == "integer" and ("%d"):format(v) or ("%.17g"):format(v)
  elseif t == "string" then out[#out + 1] = ("%q"):format(v)
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif t == "table" then
    out[#out + 1] = "{"
    for _, k in ipairs(sorted_keys(v)) do
      out[#out + 1] = "["; serialize(k, out); out[#out + 1] = "]="; serialize(v[k], out); out[#out + 1] = ","
    end
    out[#out + 1] = "}"
  elseif v == nil then out[#out + 1] = "nil"
  else error("state cannot hold a " .. t, 0) end
end

function M.serialize_state(v)
  local out = {}
  serialize(v, out)
  return table.concat(out)
end

function M.deserialize_state(text)
  local f = load("return " .. text, "=state", "t", {})
  return f()
end

return M
