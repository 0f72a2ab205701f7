-- meeple.loader.state_templates: the immutable tables that live states
-- read through to (copy-on-write, meeple.loader.state_live). A template
-- is a script's declared state, or the state decoded from a game's blob
-- (a clone, a loaded save): plain data, checked once, shared by every
-- game that starts from it, and never written.
--
-- Invariants:
--  * nothing writes a template or hands one to a script: state_live shows
--    them through read-only nodes and copies a level before its first
--    write, so a template's text (encode) never changes and is computed
--    at most once;
--  * one text, one template: a game whose blob holds a text already seen
--    shares the table decoded from it (while any game still reads it), so
--    clones of one position decode their state once;
--  * a declared state is checked as the live state checks a stored table
--    (keys, NaN, sizes, depth), with the same messages, once.

local codec = require "meeple.state"

local M = {}

local KEY_TYPES = { string = true, number = true, boolean = true }
local MAX_DEPTH, MAX_BYTES = codec.MAX_DEPTH, codec.MAX_BYTES

local function fail(msg) error("state " .. msg, 0) end

function M.check_scalar(v)
  local t = type(v)
  if t == "number" then
    if v ~= v then fail("cannot hold NaN") end
  elseif t == "string" then
    if #v > MAX_BYTES then fail("is larger than " .. MAX_BYTES .. " bytes") end
  elseif t ~= "boolean" and t ~= "nil" then
    fail("cannot hold a " .. t)
  end
  return v
end

function M.check_key(k)
  if not KEY_TYPES[type(k)] then fail("keys must be strings, numbers or booleans, not a " .. type(k)) end
  if k ~= k then fail("keys cannot be NaN") end
end

function M.too_deep() fail("is nested deeper than " .. MAX_DEPTH .. " tables") end

-- template -> its text; template -> tables in its deepest chain (1: no
-- nested table); text -> the template decoded from it
local text_of = setmetatable({}, { __mode = "k" })
local height_of = setmetatable({}, { __mode = "k" })
local by_text = setmetatable({}, { __mode = "v" })
local checked = setmetatable({}, { __mode = "k" })

local function check_tree(t, depth)
  if depth > MAX_DEPTH then M.too_deep() end
  for k, v in next, t do
    M.check_key(k)
    if type(v) == "table" then check_tree(v, depth + 1) else M.check_scalar(v) end
  end
end

-- The declared state `t` as a template (checked the first time).
function M.declared(t)
  if type(t) == "table" and not checked[t] then
    check_tree(t, 1)
    checked[t] = true
  end
  return t
end

-- The template of a blob's text: decoded once per text (decode accepts
-- only data within the limits, so it needs no further check).
function M.of_text(text)
  local t = by_text[text]
  if t ~= nil then return t end
  t = codec.decode(text)
  -- (its text_of stays unset: a script's g:set_blob may order keys its
  -- own way, and a fill writes encode's text)
  if type(t) == "table" then by_text[text] = t end
  return t
end

function M.height(t)
  local h = height_of[t]
  if h then return h end
  h = 1
  for _, v in next, t do
    if type(v) == "table" then
      local c = M.height(v) + 1
      if c > h then h = c end
    end
  end
  height_of[t] = h
  return h
end

-- encode(t) of template t, computed once.
function M.text(t)
  local s = text_of[t]
  if s then return s end
  s = codec.encode(t)
  text_of[t] = s
  if by_text[s] == nil then by_text[s] = t end
  return s
end

return M
