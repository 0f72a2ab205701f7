-- meeple.loader.state_live: each script's state as a live table per
-- game, changed in place, with an undo log. A hook that touches its state
-- costs what it changes, not what the state holds.
--
-- Every table of a live state is a node: an empty proxy whose protected
-- metatable answers reads and sends writes through `write`, which checks
-- the value (data only, as meeple.state encodes), logs (store, key, old
-- value) and marks the game's blob stale. The kernel asks for the bytes
-- (state_blobs.c: "fill") only when someone reads them (clone, save,
-- serialize, record, g:blob), and they are then meeple.state.encode of
-- the live table, byte for byte.
--
-- Copy-on-write: a game starts from a template (the declared state, or
-- the state decoded from its blob: meeple.loader.state_templates), shared
-- by every game that starts from it. A node is either shared (it reads
-- through to its template table, SRC, and makes a shared node for each
-- nested table read, KIDS) or owned (its store, __index, is its own). The
-- first write to a shared node copies one level: its parent's path up to
-- the root first, then its own entries (nested tables become shared
-- nodes). So a game copies only the levels it writes.
--
-- Invariants:
--  * an entry (game, slot) belongs to one game: it is keyed by the game's
--    address, and the kernel drops it when that game is freed or
--    overwritten, so two games never share a live table;
--  * a shared node's whole subtree is as its template says (the parents
--    of an owned node are owned), so its text is the template's, and
--    templates are never written;
--  * the log holds every write since the game's current epoch began (the
--    kernel bumps it when a move that may roll back keeps its blobs; the
--    first write of an epoch forgets the log of the one before, and
--    entry[EPOCH] is the epoch of the newest write, so a move that wrote
--    nothing has nothing to undo);
--    "restore" undoes them in reverse, so a failed move leaves the state
--    exactly as before its first hook, nested, deleted and added keys
--    included, without a copy per move (a level copied on write stays
--    copied: its contents are the same);
--  * a node belongs to one place in one state: a state table stored a
--    second time is copied (as saving and loading the game would; a
--    shared one by sharing its template), and a plain table stored is
--    adopted (emptied, and made a node of its own contents), so a script
--    that keeps it sees its later changes.

local codec = require "meeple.state"
local templates = require "meeple.loader.state_templates"

local M = {}

local MAX_DEPTH, MAX_BYTES = codec.MAX_DEPTH, codec.MAX_BYTES
local check_scalar, check_key, too_deep = templates.check_scalar, templates.check_key, templates.too_deep

-- node proxy -> its metatable; an owned node's store is mt.__index
local meta_of = setmetatable({}, { __mode = "k" })
-- private fields of a node's metatable (STORE: an owned node's store,
-- also its __index), and an entry's fields: integer keys, which the C
-- writer and reader (bindings/host/state_write.c, ctx_fields.c) read with
-- rawgeti (LAYOUT tells them which; the real host's entries are structs,
-- bindings/host/state_entry.c, whose fields C reads directly)
local ENTRY, PARENT, DEPTH, SRC, KIDS, STORE = 1, 2, 3, 4, 5, 6
local KEY, SLOT, EPOCH, LOG, COUNT, LIVE, STALE, ROOT = 1, 2, 3, 4, 5, 6, 7, 8
local LAYOUT = { entry = ENTRY, parent = PARENT, depth = DEPTH, src = SRC, kids = KIDS,
                 store = STORE, key = KEY, slot = SLOT, epoch = EPOCH, log = LOG, count = COUNT,
                 live = LIVE, stale = STALE, root = ROOT }
-- game key (lightuserdata) -> { [slot] = entry }
local live = {}
-- ctx fields table -> the key of the game whose live state the C reader
-- of ctx.state (bindings/hooks/ctx_fields.c) kept in its `state` field: that
-- field goes when the game's state is dropped
local holders = setmetatable({}, { __mode = "k" })

local host = rawget(_G, "meeple_host")
local has_keeper = host and host.state_keeper ~= nil
local lent_key = host and host.lent_key

local write, shared_index, node_len, node_pairs

local function new_meta(proxy, entry, parent, depth)
  local mt = { __newindex = write, __len = node_len, __pairs = node_pairs,
               __metatable = false, [ENTRY] = entry, [PARENT] = parent, [DEPTH] = depth }
  meta_of[proxy] = mt
  return mt
end

local function new_node(proxy, store, entry, parent, depth)
  local mt = new_meta(proxy, entry, parent, depth)
  mt.__index, mt[STORE] = store, store
  return setmetatable(proxy, mt)
end

-- A node reading through to template table src.
local function new_shared(src, entry, parent, depth)
  local proxy = {}
  local mt = new_meta(proxy, entry, parent, depth)
  mt.__index, mt[SRC] = shared_index, src
  return setmetatable(proxy, mt)
end

-- The shared node of nested template table v at key k of shared node p.
local function kid(mt, p, k, v)
  local kids = mt[KIDS]
  if not kids then kids = {}; mt[KIDS] = kids end
  local c = kids[k]
  if not c then
    c = new_shared(v, mt[ENTRY], p, mt[DEPTH] + 1)
    kids[k] = c
  end
  return c
end

function shared_index(p, k)
  local mt = meta_of[p]
  local v = mt[SRC][k]
  if type(v) ~= "table" then return v end
  return kid(mt, p, k, v)
end

-- Shared node p gets a store of its own: a copy of its template's level,
-- its parents first (a shared node's subtree is its template's).
local function materialize(p, mt)
  local parent = mt[PARENT]
  if parent then
    local pmt = meta_of[parent]
    if pmt[SRC] then materialize(parent, pmt) end
  end
  local src, kids, entry, depth = mt[SRC], mt[KIDS], mt[ENTRY], mt[DEPTH] + 1
  local store = {}
  for k, v in next, src do
    if type(v) == "table" then v = kids and kids[k] or new_shared(v, entry, p, depth) end
    store[k] = v
  end
  mt.__index, mt[STORE], mt[SRC], mt[KIDS] = store, store, nil, nil
  return store
end

local function shared_next(p, k)
  local mt = meta_of[p]
  local src = mt[SRC]
  if not src then return next(mt.__index, k) end   -- copied while iterated
  local v
  k, v = next(src, k)
  if type(v) == "table" then v = kid(mt, p, k, v) end
  return k, v
end

function node_pairs(p)
  local mt = meta_of[p]
  if mt[SRC] then return shared_next, p, nil end
  return next, mt.__index, nil
end

local adopt

-- A fresh node holding a copy of node src's contents (a shared one
-- shares its template).
local function copy_node(src, entry, parent, depth)
  if depth > MAX_DEPTH then too_deep() end
  local smt = meta_of[src]
  local template = smt[SRC]
  if template then
    if depth + templates.height(template) - 1 > MAX_DEPTH then too_deep() end
    return new_shared(template, entry, parent, depth)
  end
  local store, proxy = {}, {}
  new_node(proxy, store, entry, parent, depth)
  for k, v in next, smt.__index do
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
      if p == v then error("state cannot hold a cycle", 0) end
      p = meta_of[p][PARENT]
    end
    return copy_node(v, entry, parent, depth)
  end
  if depth > MAX_DEPTH then too_deep() end
  if path[v] then error("state cannot hold a cycle", 0) end
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

local KEY_TYPES = { string = true, number = true, boolean = true }

-- An entry: the real host's is a struct (bindings/host/state_entry.c) that
-- the C writer reads directly; both are indexed by the keys above.
local new_entry = host and host.state_entry or function(key, slot, epoch, stale)
  return { [KEY] = key, [SLOT] = slot, [EPOCH] = epoch, [LOG] = {}, [COUNT] = 0, [LIVE] = true,
           [STALE] = stale }
end

local function forget_log(entry)
  local log = entry[LOG]
  for i = 1, entry[COUNT] do log[i] = nil end
  entry[COUNT] = 0
end

-- t[k] = v on a node, from a script: checked, logged, and the blob
-- marked. Errors name the script's line (level 2, or `level` when the C
-- writer hands a write over: bindings/host/state_write.c does the common ones
-- itself, copying a shared node and its shared parents as materialize
-- does, and leaving a value the store holds already as it is; this only
-- when a table is adopted, or something refused). This runs in the sandbox, where each instruction
-- counts: the common values are checked inline, a key already present
-- needs no check, and stores have no metatable (plain reads and writes,
-- not rawget/rawset).
local function lua_write(p, k, v, level)
  level = level or 2
  local mt = meta_of[p]
  local entry = mt[ENTRY]
  if not entry[LIVE] then error("state: this table belongs to a game that is gone", level) end
  if entry[KEY] ~= lent_key() then
    error("state: a state table can change only in a hook of its own game", level)
  end
  local store = mt.__index
  if mt[SRC] then store = materialize(p, mt) end
  local old = store[k]
  if old == nil and (not KEY_TYPES[type(k)] or k ~= k) then
    local _, why = pcall(check_key, k)
    error(why, level)
  end
  local tv = type(v)
  if tv == "table" then
    local ok
    ok, v = pcall(adopt, v, entry, p, mt[DEPTH] + 1, {})
    if not ok then error(v, level) end
  elseif tv == "number" then
    if v ~= v then error("state cannot hold NaN", level) end
  elseif tv == "string" then
    if #v > MAX_BYTES then error("state is larger than " .. MAX_BYTES .. " bytes", level) end
  elseif tv ~= "boolean" and tv ~= "nil" then
    error("state cannot hold a " .. tv, level)
  end
  local epoch = host.state_info(entry[KEY], entry[SLOT])
  if entry[EPOCH] ~= epoch then
    forget_log(entry)
    entry[EPOCH] = epoch
  end
  local log, n = entry[LOG], entry[COUNT]
  log[n + 1], log[n + 2], log[n + 3] = store, k, old
  entry[COUNT] = n + 3
  store[k] = v
  if not entry[STALE] then
    entry[STALE] = true
    host.state_attach(entry[KEY], entry[SLOT])
  end
end

local function lua_len(p)
  local mt = meta_of[p]
  return rawlen(mt[SRC] or mt.__index)
end

-- The real host writes and measures in C; the Lua write stays for what
-- the C writer hands over.
if host and host.state_writer then
  write, node_len = host.state_writer(LAYOUT, lua_write, MAX_BYTES, meta_of)
else
  write, node_len = lua_write, lua_len
end

local function raw_of(t)
  local mt = meta_of[t]
  if not mt then return t end
  return mt[SRC] or mt.__index
end

-- A shared node's text is its template's (kept once computed).
local function text_of(t)
  local mt = meta_of[t]
  local src = mt and mt[SRC]
  return src and templates.text(src)
end

-- meeple.state's text of a live (or plain) state table.
function M.encode(root) return codec.encode(root, raw_of, text_of) end

-- Undo the entry's log, newest first.
local function undo(entry)
  local log = entry[LOG]
  for i = entry[COUNT], 3, -3 do
    rawset(log[i - 2], log[i - 1], log[i])
    log[i - 2], log[i - 1], log[i] = nil, nil, nil
  end
  entry[COUNT] = 0
end

-- The kernel's calls (state_blobs.c).
local OPS = {}
function OPS.fill(key)
  for slot, entry in pairs(live[key] or {}) do
    if entry[STALE] then
      host.state_fill(key, slot, M.encode(entry[ROOT]))
      entry[STALE] = false
    end
  end
end
function OPS.drop(key)
  for _, entry in pairs(live[key] or {}) do entry[LIVE] = false end
  live[key] = nil
  for fields, k in next, holders do
    if k == key then
      rawset(fields, "state", nil)
      holders[fields] = nil
    end
  end
end
function OPS.restore(key)
  for slot, entry in pairs(live[key] or {}) do
    local epoch, stale = host.state_info(key, slot)
    if entry[EPOCH] == epoch then undo(entry) end
    entry[STALE] = stale
  end
end
if has_keeper then
  host.state_keeper(function(op, key) return OPS[op](key) end)
end

-- The live state of blob slot `slot` of game view g: read through to
-- the template of its blob's text, or to `initial` (a declared state)
-- when the game has none yet.
function M.load(g, slot, initial)
  local key, epoch = host.state_key(g)
  local slots = live[key]
  local entry = slots and slots[slot]
  if entry then return entry[ROOT] end
  local text = g:blob(slot)
  local template = text and templates.of_text(text) or templates.declared(initial)
  entry = new_entry(key, slot, epoch, text == nil)
  if type(template) == "table" then
    entry[ROOT] = new_shared(template, entry, nil, 1)
  else
    entry[ROOT] = check_scalar(template)
  end
  if not slots then slots = {}; live[key] = slots end
  slots[slot] = entry
  -- no blob yet: the first one written is this state's text
  host.state_attach(key, text == nil and slot or nil)
  return entry[ROOT]
end

M.available = has_keeper
-- game key -> { [slot] = entry }: read by the C reader of ctx.state
-- (bindings/hooks/ctx_fields.c), which does what M.load does for a game whose
-- entry exists: live[key][slot][ROOT]
M.live, M.ROOT, M.holders = live, ROOT, holders

return M
