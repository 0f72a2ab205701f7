-- meeple.loader.state_live: each script's state as a live table per
-- game, changed in place, with an undo log. A hook that touches its state
-- costs what it changes, not what the state holds.
--
-- Every table of a live state is a node: an empty proxy whose protected
-- metatable reads from its store (__index) and sends writes through
-- `write`, which checks the value (data only, as meeple.state encodes),
-- logs (store, key, old value) and marks the game's blob stale. The
-- kernel asks for the bytes (state_blobs.c: "fill") only when someone
-- reads them (clone, save, serialize, record, g:blob), and they are
-- then meeple.state.encode of the live table, byte for byte.
--
-- Invariants:
--  * an entry (game, slot) belongs to one game: it is keyed by the game's
--    address, and the kernel drops it when that game is freed or
--    overwritten, so two games never share a live table;
--  * the log holds every write since the game's current epoch began (the
--    kernel bumps it when a move that may roll back keeps its blobs);
--    "restore" undoes them in reverse, so a failed move leaves the state
--    exactly as before its first hook, nested, deleted and added keys
--    included, without a copy per move;
--  * a node belongs to one place in one state: a state table stored a
--    second time is copied (as saving and loading the game would), and
--    a plain table stored is adopted (emptied, and made a node of its
--    own contents), so a script that keeps it sees its later changes.

local codec = require "meeple.state"

local M = {}

local KEY_TYPES = { string = true, number = true, boolean = true }
local MAX_DEPTH, MAX_BYTES = codec.MAX_DEPTH, codec.MAX_BYTES

-- node proxy -> its metatable; the store is mt.__index
local meta_of = setmetatable({}, { __mode = "k" })
-- private fields of a node's metatable
local ENTRY, PARENT, DEPTH = {}, {}, {}
-- game key (lightuserdata) -> { [slot] = entry }
local live = {}

local host = rawget(_G, "meeple_host")
local has_keeper = host and host.state_keeper ~= nil

local function fail(msg) error("state " .. msg, 0) end

local write

local function node_len(p) return rawlen(meta_of[p].__index) end
local function node_pairs(p) return next, meta_of[p].__index, nil end

local function new_node(proxy, store, entry, parent, depth)
  local mt = { __index = store, __newindex = write, __len = node_len, __pairs = node_pairs,
               __metatable = false, [ENTRY] = entry, [PARENT] = parent, [DEPTH] = depth }
  meta_of[proxy] = mt
  return setmetatable(proxy, mt)
end

local function check_scalar(v)
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

local function check_key(k)
  if not KEY_TYPES[type(k)] then fail("keys must be strings, numbers or booleans, not a " .. type(k)) end
  if k ~= k then fail("keys cannot be NaN") end
end

local adopt

-- A fresh node holding a copy of node src's contents.
local function copy_node(src, entry, parent, depth)
  if depth > MAX_DEPTH then fail("is nested deeper than " .. MAX_DEPTH .. " tables") end
  local store, proxy = {}, {}
  new_node(proxy, store, entry, parent, depth)
  for k, v in next, meta_of[src].__index do
    if type(v) == "table" then v = copy_node(v, entry, proxy, depth + 1) end
    store[k] = v
  end
  return proxy
end

-- The value to store for v under the node parent at depth: scalars as
-- they are, a node of any state copied, a plain table adopted (a table
-- with a metatable of its own: its raw contents copied, as encode reads).
function adopt(v, entry, parent, depth, path)
  if type(v) ~= "table" then return check_scalar(v) end
  if meta_of[v] then
    local p = parent
    while p do
      if p == v then fail("cannot hold a cycle") end
      p = meta_of[p][PARENT]
    end
    return copy_node(v, entry, parent, depth)
  end
  if depth > MAX_DEPTH then fail("is nested deeper than " .. MAX_DEPTH .. " tables") end
  if path[v] then fail("cannot hold a cycle") end
  path[v] = true
  local in_place = getmetatable(v) == nil
  local proxy, store = in_place and v or {}, {}
  -- a node before its contents: their cycle checks walk up through it
  new_node(proxy, store, entry, parent, depth)
  for k, x in next, v do
    check_key(k)
    store[k] = adopt(x, entry, proxy, depth + 1, path)
  end
  path[v] = nil
  if in_place then
    for k in next, v do rawset(v, k, nil) end
  end
  return proxy
end

-- t[k] = v on a node, from a script: checked, logged, and the blob marked.
function write(p, k, v)
  local mt = meta_of[p]
  local entry = mt[ENTRY]
  if not entry.live then error("state: this table belongs to a game that is gone", 2) end
  if entry.key ~= host.lent_key() then
    error("state: a state table can change only in a hook of its own game", 2)
  end
  local ok, why = pcall(check_key, k)
  if not ok then error(why, 2) end
  if type(v) == "table" then
    ok, v = pcall(adopt, v, entry, p, mt[DEPTH] + 1, {})
    if not ok then error(v, 2) end
  else
    ok, why = pcall(check_scalar, v)
    if not ok then error(why, 2) end
  end
  local store, log, n = mt.__index, entry.log, entry.n
  log[n + 1], log[n + 2], log[n + 3] = store, k, rawget(store, k)
  entry.n = n + 3
  rawset(store, k, v)
  if not entry.stale then
    entry.stale = true
    host.state_attach(entry.key, entry.slot)
  end
end

local function raw_of(t)
  local mt = meta_of[t]
  return mt and mt.__index or t
end

-- meeple.state's text of a live (or plain) state table.
function M.encode(root) return codec.encode(root, raw_of) end

-- Undo the entry's log, newest first.
local function undo(entry)
  local log = entry.log
  for i = entry.n, 3, -3 do
    rawset(log[i - 2], log[i - 1], log[i])
    log[i - 2], log[i - 1], log[i] = nil, nil, nil
  end
  entry.n = 0
end

local function forget_log(entry)
  local log = entry.log
  for i = 1, entry.n do log[i] = nil end
  entry.n = 0
end

-- The kernel's calls (state_blobs.c).
local OPS = {}
function OPS.fill(key)
  for slot, entry in pairs(live[key] or {}) do
    if entry.stale then
      host.state_fill(key, slot, M.encode(entry.root))
      entry.stale = false
    end
  end
end
function OPS.drop(key)
  for _, entry in pairs(live[key] or {}) do entry.live = false end
  live[key] = nil
end
function OPS.restore(key)
  for slot, entry in pairs(live[key] or {}) do
    local epoch, stale = host.state_info(key, slot)
    if entry.epoch == epoch then undo(entry) end
    entry.stale = stale
  end
end
if has_keeper then
  host.state_keeper(function(op, key) return OPS[op](key) end)
end

-- A copy of a declared state (checked data when it was declared).
local function copy_plain(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, v in next, t do out[k] = copy_plain(v) end
  return out
end

-- The live state of blob slot `slot` of game view g: decoded from the
-- blob, or made from `initial` (a declared state, copied) when the game
-- has none yet. A new epoch starts a new log.
function M.load(g, slot, initial)
  local key, epoch = host.state_key(g)
  local slots = live[key]
  local entry = slots and slots[slot]
  if entry then
    if entry.epoch ~= epoch then
      forget_log(entry)
      entry.epoch = epoch
    end
    return entry.root
  end
  local text = g:blob(slot)
  local plain = text and codec.decode(text) or copy_plain(initial)
  entry = { key = key, slot = slot, epoch = epoch, log = {}, n = 0, live = true,
            stale = text == nil }
  entry.root = adopt(plain, entry, nil, 1, {})
  if not slots then slots = {}; live[key] = slots end
  slots[slot] = entry
  -- no blob yet: the first one written is this state's text
  host.state_attach(key, text == nil and slot or nil)
  return entry.root
end

M.available = has_keeper

return M
