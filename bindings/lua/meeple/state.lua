-- meeple.state: a script's state table as text and back, data only.
--
-- The text is the game blob that clone, save, undo and replay carry, so it
-- comes from a script (g:set_blob) as often as from encode(): decode() is
-- a parser for exactly what encode() writes, never `load`, so no text can
-- run code in the host. Both sides read the script's tables raw (next,
-- rawget), never calling a metamethod the script set, and both stop at
-- MAX_DEPTH nesting and MAX_BYTES of text: the host runs them outside the
-- sandbox's budget and memory cap, so their cost must be bounded by the
-- input alone.
--
-- Format: nil | true | false | integer (%d) | float (%.17g with ".0"
-- added when it would read as an integer, so -0.0 stays -0.0; inf as
-- 1e9999) | string (%q) | {[key]=value,...} with the keys sorted by
-- tostring, then by type name. Keys are strings, numbers or booleans.

local M = {}

M.MAX_DEPTH = 64
M.MAX_BYTES = 4 << 20   -- 4 MiB of text per script's state

local KEY_TYPES = { string = true, number = true, boolean = true }

-- tostring(k) of every key of the table being sorted, computed once per
-- key rather than twice per comparison
local key_text = {}
local function key_order(a, b)
  local sa, sb = key_text[a], key_text[b]
  if sa ~= sb then return sa < sb end
  return type(a) < type(b)
end

local function fail(msg) error("state " .. msg, 0) end

local encode_value

local function encode_table(t, out, depth, seen)
  if depth > M.MAX_DEPTH then fail("is nested deeper than " .. M.MAX_DEPTH .. " tables") end
  local known = seen.text and seen.text(t)
  if known then
    out[#out + 1] = known
    return
  end
  if seen[t] then fail("cannot hold a cycle") end
  seen[t] = true
  local view = t
  t = seen.raw and seen.raw(t) or t
  local keys = {}
  for k in next, t do
    if not KEY_TYPES[type(k)] then fail("keys must be strings, numbers or booleans, not a " .. type(k)) end
    keys[#keys + 1] = k
  end
  -- the texts are set just before sorting: the values encoded below
  -- may sort tables of their own
  for i = 1, #keys do local k = keys[i]; key_text[k] = tostring(k) end
  table.sort(keys, key_order)
  for i = 1, #keys do key_text[keys[i]] = nil end
  out[#out + 1] = "{"
  for _, k in ipairs(keys) do
    out[#out + 1] = "["; encode_value(k, out, depth, seen); out[#out + 1] = "]="
    encode_value(rawget(t, k), out, depth, seen); out[#out + 1] = ","
  end
  out[#out + 1] = "}"
  seen[view] = nil
end

function encode_value(v, out, depth, seen)
  local t = type(v)
  if t == "number" then
    if math.type(v) == "integer" then out[#out + 1] = ("%d"):format(v)
    elseif v ~= v then fail("cannot hold NaN")
    elseif v == math.huge then out[#out + 1] = "1e9999"
    elseif v == -math.huge then out[#out + 1] = "-1e9999"
    else
      -- a float reads back as a float: 1.0 and -0.0 would read as the
      -- integers 1 and 0 from "1" and "-0"
      local text = ("%.17g"):format(v)
      if not text:find("[.e]") then text = text .. ".0" end
      out[#out + 1] = text
    end
  elseif t == "string" then
    if #v > M.MAX_BYTES then fail("is larger than " .. M.MAX_BYTES .. " bytes") end
    out[#out + 1] = ("%q"):format(v)
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif t == "table" then encode_table(v, out, depth + 1, seen)
  elseif v == nil then out[#out + 1] = "nil"
  else fail("cannot hold a " .. t) end
end

-- raw(t), if given: the table to read for t (a live state table's
-- store); text(t), if given: t's text when already known (its caller
-- vouches that it is encode's, within the limits at its depth)
function M.encode(v, raw, text)
  local out = {}
  encode_value(v, out, 0, { raw = raw, text = text })
  local text = table.concat(out)
  if #text > M.MAX_BYTES then fail("is larger than " .. M.MAX_BYTES .. " bytes") end
  return text
end

-- {== decode ==========================================================

local ESCAPES = { a = "\a", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", v = "\v",
                  ["\\"] = "\\", ['"'] = '"', ["'"] = "'", ["\n"] = "\n" }
local WORDS = { ["true"] = true, ["false"] = false }

local function bad(i) fail("text is malformed at byte " .. i) end

local function decode_string(s, i)
  local parts, j = {}, i + 1
  while true do
    local k = s:find('[\\"]', j)
    if not k then bad(i) end
    parts[#parts + 1] = s:sub(j, k - 1)
    if s:byte(k) == 34 then return table.concat(parts), k + 1 end
    local c = s:sub(k + 1, k + 1)
    local digits = s:match("^%d%d?%d?", k + 1)
    if ESCAPES[c] then parts[#parts + 1] = ESCAPES[c]; j = k + 2
    elseif digits and tonumber(digits) <= 255 then
      parts[#parts + 1] = string.char(tonumber(digits)); j = k + 1 + #digits
    else bad(k) end
  end
end

local decode_value

local function decode_table(s, i, depth)
  if depth > M.MAX_DEPTH then fail("is nested deeper than " .. M.MAX_DEPTH .. " tables") end
  local t = {}
  i = i + 1
  while s:byte(i) == 91 do   -- [
    local k, v
    k, i = decode_value(s, i + 1, depth)
    if k == nil or not KEY_TYPES[type(k)] or s:sub(i, i + 1) ~= "]=" then bad(i) end
    v, i = decode_value(s, i + 2, depth)
    if s:byte(i) ~= 44 then bad(i) end   -- ,
    t[k] = v
    i = i + 1
  end
  if s:byte(i) ~= 125 then bad(i) end   -- }
  return t, i + 1
end

function decode_value(s, i, depth)
  local c = s:byte(i)
  if c == 123 then return decode_table(s, i, depth + 1) end
  if c == 34 then return decode_string(s, i) end
  local word = s:match("^[%w%.%+%-]+", i)
  if not word then bad(i) end
  if word == "nil" then return nil, i + #word end
  local v = WORDS[word]
  if v == nil then v = tonumber(word) end
  if v == nil then bad(i) end
  return v, i + #word
end

function M.decode(text)
  if #text > M.MAX_BYTES then fail("is larger than " .. M.MAX_BYTES .. " bytes") end
  local v, i = decode_value(text, 1, 0)
  if i <= #text then bad(i) end
  return v
end

return M
