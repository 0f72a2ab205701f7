-- meeple.tiles: the tile notation (*.tiles files).
--
-- A line-oriented text format for tile sets, parsed with one LPeg grammar
-- into plain Lua tables that mirror the kernel's tile model (gk.h: 12 edge
-- ports per tile, segments with a kind, a port set, adjacency and integer
-- attributes, tile tags). The notation is defined in docs/tiles.md.
--
--   local tiles = require "meeple.tiles"
--   local set, err = tiles.load("tiles/base.tiles")
--   local list, err = tiles.load_resolved("tiles/base.tiles")
--   print(tiles.format_summary(tiles.summary(list, set)))
--
-- Errors are returned (nil, message), never raised, and are one line:
-- "FILE:LINE:COL: message". Columns count bytes from 1.
--
-- Plain LPeg 1.0.2 has no labelled failures, so syntax errors use the
-- usual emulation: each place that knows what it wants records, through a
-- match-time capture, the expectation at the position where it failed; the
-- farthest such position (first recorded wins on a tie) is the error.

local lpeg = require "lpeg"
local files = require "meeple.files"
-- the kernel's capacities (gk_limits.h), never repeated here
local LIMITS = require "meeple.limits"

local string, table, math = string, table, math
local type, tostring, tonumber, ipairs, pairs =
      type, tostring, tonumber, ipairs, pairs

local P, R, S = lpeg.P, lpeg.R, lpeg.S
local C, Cc, Cp, Ct, Cmt, Carg = lpeg.C, lpeg.Cc, lpeg.Cp, lpeg.Ct, lpeg.Cmt, lpeg.Carg

local sfmt, sbyte, ssub, sfind, smatch = string.format, string.byte, string.sub,
      string.find, string.match
local tconcat, tinsert, tsort = table.concat, table.insert, table.sort
local mtointeger = math.tointeger

local _ENV = nil -- no more global accesses after this point

local M = {}

---@class meeple.TileAttr
---@field name string   attribute name (lowercase identifier)
---@field value integer written value; a bare word means 1

---@class meeple.Segment
---@field kind string        segment kind, e.g. "city"
---@field label string|nil   label written before '=' (nil if none)
---@field ports integer[]    ascending port numbers (gk_port); {} for inner
---@field inner boolean      true for a segment written with the port C
---@field attrs meeple.TileAttr[] in written order
---@field adjacent integer[] 1-based indices of touching segments, ascending, symmetric
---@field line integer
---@field col integer

---@class meeple.Tile
---@field id string
---@field count integer
---@field oriented true|nil  every rotation a placement of its own (docs/tiles.md 3.2)
---@field tags string[]      in written order
---@field segments meeple.Segment[] in file order
---@field line integer
---@field col integer
---@field set string|nil     (resolved tiles only) name of the set it came from
---@field file string|nil    (resolved tiles only) file it was read from

---@class meeple.Include
---@field name string
---@field line integer

---@class meeple.Remove
---@field id string
---@field count integer|nil  nil = drop the whole type
---@field line integer

---@class meeple.TileSet
---@field name string
---@field title string|nil
---@field edition string|nil
---@field file string
---@field includes meeple.Include[]
---@field removes meeple.Remove[]
---@field tiles meeple.Tile[] in file order

---@class meeple.Summary
---@field name string|nil
---@field tiles integer      total tile count
---@field types integer      number of tile types
---@field kinds {name:string, segments:integer, tiles:integer}[] sorted by name
---@field attrs {name:string, total:integer}[] sorted by name
---@field tags {name:string, tiles:integer}[] sorted by name

-- {======================================================================
-- Ports (must match gk.h)
-- =======================================================================

local PORT_NAMES = { [0] = "NNW", "N", "NNE", "ENE", "E", "ESE",
                     "SSE", "S", "SSW", "WSW", "W", "WNW" }
local PORT_ID = {}
for i = 0, 11 do PORT_ID[PORT_NAMES[i]] = i end
local SIDE_ID = { N = 0, E = 1, S = 2, W = 3 }

M.PORT_NAMES = PORT_NAMES
M.PORT_ID = PORT_ID
M.MAX_SEGMENTS = LIMITS.MAX_SEGMENTS
M.MAX_SEG_ATTRS = LIMITS.MAX_SEG_ATTRS
M.NAME_MAX = LIMITS.NAME_MAX
local INT_MIN, INT_MAX = -2147483648, 2147483647
local COUNT_MAX = LIMITS.MAX_TILE_COUNT

--- Port name for a port number (0..11), or nil.
function M.port_name(p) return PORT_NAMES[p] end

-- }======================================================================

-- {======================================================================
-- Grammar
-- =======================================================================

-- Records that `what` was expected at the current position, then fails.
local function fail(what)
  return Cmt(Carg(1), function(_, i, st)
    if i > st.far then st.far, st.what = i, what end
    return false
  end) * P(1) -- never reached; keeps the pattern non-nullable for loops
end

local function expect(p, what) return p + fail(what) end

local function node(tag)
  return function(...) local t = { ... }; t.tag = tag; return t end
end

local PORT_MSG = "a port name (N, NNE, ..., C)"
local STMT_MSG = "a statement (set, include, remove, tile) or a segment line"

local ws = S" \t"^0
local sp = S" \t"^1
local eol = P"\r"^-1 * "\n"
local comment = "#" * (1 - S"\r\n")^0
local endl = comment^-1 * (eol + -P(1)) -- after ws: rest of the line
local word_char = R("az", "AZ", "09") + "_"
local function kw(w) return P(w) * -word_char end
local keyword = kw"set" + kw"include" + kw"remove" + kw"tile" + kw"touches"
local ident = R("az", "__") * (R("az", "09") + "_")^0 * -word_char
local name_tok = ident - keyword
local set_name = (R("az", "AZ", "09") + S"_-")^1 * -word_char
local tile_id = (R("az", "AZ", "09") + "_") * (R("az", "AZ", "09") + S"_.-")^0
                * -word_char
local int = P"-"^-1 * R"09"^1 * -word_char
local count = "x" * C(R"09"^1) * -word_char

local str = '"' * C((P"\\" * S'"\\' + (1 - S'"\\\r\n'))^0)
            * expect('"', [['"' (a string ends on the same line; escapes: \" \\)]])

-- a port token: N NNE ... C, or a whole side N* E* S* W*
local port = Cp() * C(R"AZ"^1 * -word_char * P"*"^-1)
local function check_port(_, _, pos, tok)
  if PORT_ID[tok] or tok == "C" then return true, { pos, tok } end
  local side = smatch(tok, "^([NESW])%*$")
  if side then return true, { pos, tok } end
  return false
end
port = Cmt(port, check_port) + #R"AZ" * fail(PORT_MSG)

local attr = Cp() * C(name_tok) * (ws * "=" * ws * expect(C(int), "an integer"))^-1
             / function(pos, n, v) return { pos, n, v } end
local ref = Cp() * C(name_tok) / function(pos, n) return { pos, n } end
local touches = kw"touches" * Ct(ws * expect(ref, "a segment reference after 'touches'")
                * (ws * "," * ws * expect(ref, "a segment reference") + sp * ref)^0)

local seg_stmt = -keyword * #R("az", "__") * (
  Cp() * ((C(name_tok) * ws * "=" * ws) + Cc(nil))
  * Cp() * expect(C(name_tok), "a segment kind")
  * Ct(ws * expect(port, PORT_MSG) * (sp * port)^0)
  * Ct((sp * attr)^0)
  * ((sp * touches) + Cc(nil))
  * ws * expect(endl, "a port, an attribute, 'touches' or end of line")
) / node"seg"

local tag = Cp() * C(name_tok) / function(pos, n) return { pos, n } end
local tag_list = "[" * ws * Ct(expect(tag, "a tag name")
                 * (ws * "," * ws * expect(tag, "a tag name"))^0)
                 * ws * expect("]", "',' or ']'")

local tile_stmt = Cp() * kw"tile" * (
  ws * expect(Cp() * C(tile_id), "a tile id")
  * ((sp * Cp() * count) + Cc(nil, nil))
  * ((sp * kw"oriented" * Cc(true)) + Cc(nil))
  * ((ws * tag_list) + Cc(nil))
  * ws * expect(endl, "a count (xN), 'oriented', a tag list ([tag, ...]) or end of line")
) / node"tile"

local set_stmt = Cp() * kw"set" * (
  ws * expect(C(set_name), "a set name")
  * ((sp * str) + Cc(nil))
  * ((sp * kw"edition" * ws * expect(str, "an edition string")) + Cc(nil))
  * ws * expect(endl, "a title string, 'edition' or end of line")
) / node"set"

local include_stmt = Cp() * kw"include" * (
  ws * expect(C(set_name), "a set name")
  * ws * expect(endl, "end of line")
) / node"include"

local remove_stmt = Cp() * kw"remove" * (
  ws * expect(C(tile_id), "a tile id")
  * ((sp * Cp() * count) + Cc(nil, nil))
  * ws * expect(endl, "a count (xN) or end of line")
) / node"remove"

local stmt = set_stmt + include_stmt + remove_stmt + tile_stmt + seg_stmt
local line = ws * (stmt + comment^-1 * eol + fail(STMT_MSG))
local bom = P"\239\187\191"^-1 -- a UTF-8 byte order mark is skipped
local file = bom * Ct(line^0) * ws * comment^-1 * expect(-P(1), STMT_MSG)

-- }======================================================================

-- {======================================================================
-- Positions and messages
-- =======================================================================

-- Maps byte offsets to line:col.
local function line_index(text)
  local starts = { 1 }
  local i = 1
  while true do
    local j = sfind(text, "\n", i, true)
    if not j then break end
    starts[#starts + 1] = j + 1
    i = j + 1
  end
  return function(pos)
    local lo, hi = 1, #starts
    while lo < hi do
      local mid = (lo + hi + 1) // 2
      if starts[mid] <= pos then lo = mid else hi = mid - 1 end
    end
    return lo, pos - starts[lo] + 1
  end
end

local function quote(s)
  local q = s:find("'", 1, true) and '"' or "'"
  return q .. s .. q
end

-- What the parser found at position i, for "found <what>".
local function describe(text, i)
  if i > #text then return "end of file" end
  local c = ssub(text, i, i)
  if c == "\n" or c == "\r" then return "end of line" end
  local w = smatch(text, "^[%w_]+%*?", i)
  if w then
    if #w > 24 then w = ssub(w, 1, 24) .. "..." end
    return quote(w)
  end
  local b = sbyte(c)
  if b >= 32 and b < 127 then return quote(c) end
  return sfmt("'\\x%02X'", b)
end

local function unescape(s)
  if not s then return nil end
  return (s:gsub("\\(.)", "%1"))
end

-- }======================================================================

-- {======================================================================
-- Building the set (semantic checks)
-- =======================================================================

local function join_and(list)
  return tconcat(list, " and ")
end

-- Each statement handler below takes the build state b and the
-- statement; it returns true, or nil and the message (b.at's result).
local STATEMENT = {}

function STATEMENT.set(b, s)
  local pos, name, title, edition = s[1], s[2], s[3], s[4]
  if b.set_line then
    return b.at(pos, "set declared twice (first at line %d)", b.set_line)
  end
  b.set_line = (b.where(pos))
  b.set.name, b.set.title, b.set.edition = name, unescape(title), unescape(edition)
  return true
end

function STATEMENT.include(b, s)
  local pos, name = s[1], s[2]
  if b.included[name] then
    return b.at(pos, "set '%s' included twice (first at line %d)", name, b.included[name])
  end
  local l = b.where(pos)
  b.included[name] = l
  b.set.includes[#b.set.includes + 1] = { name = name, line = l }
  return true
end

function STATEMENT.remove(b, s)
  local pos, id, cpos, n = s[1], s[2], s[3], s[4]
  local cnt = nil
  if n then
    cnt = tonumber(n)
    if #n > 6 or cnt > COUNT_MAX then
      return b.at(cpos, "remove %s: count must be at most %d", id, COUNT_MAX)
    elseif cnt < 1 then
      return b.at(cpos, "remove %s: count must be at least 1", id)
    end
  end
  b.set.removes[#b.set.removes + 1] = { id = id, count = cnt, line = (b.where(pos)) }
  return true
end

-- A tile line's tags: their names, each once and not too long.
local function tile_tags(b, id, tags)
  local tag_names, seen = {}, {}
  for _, t in ipairs(tags or {}) do
    local tpos, tname = t[1], t[2]
    if seen[tname] then
      return b.at(tpos, "tile %s: tag '%s' listed twice", id, tname)
    end
    if #tname > M.NAME_MAX then
      return b.at(tpos, "tile %s: tag name '%s' is longer than %d characters",
                  id, ssub(tname, 1, 20) .. "...", M.NAME_MAX)
    end
    seen[tname] = true
    tag_names[#tag_names + 1] = tname
  end
  return tag_names
end

function STATEMENT.tile(b, s)
  local pos, idpos, id, cpos, n, oriented, tags = s[1], s[2], s[3], s[4], s[5], s[6], s[7]
  local l, c = b.where(pos)
  if b.tile_first[id] then
    return b.at(idpos, "tile %s: duplicate tile id (first at line %d)", id, b.tile_first[id])
  end
  if #id > M.NAME_MAX then
    return b.at(idpos, "tile id '%s' is longer than %d characters",
                ssub(id, 1, 20) .. "...", M.NAME_MAX)
  end
  b.tile_first[id] = l
  local cnt = 1
  if n then
    if #n > 6 or tonumber(n) > COUNT_MAX then
      return b.at(cpos, "tile %s: count must be at most %d", id, COUNT_MAX)
    end
    cnt = tonumber(n)
    if cnt < 1 then return b.at(cpos, "tile %s: count must be at least 1", id) end
  end
  b.total = (b.total or 0) + cnt
  if b.total > LIMITS.MAX_GAME_TILES then
    return b.at(n and cpos or idpos, "tile %s: the set holds more than %d tiles, the most a game may have",
                id, LIMITS.MAX_GAME_TILES)
  end
  local tag_names, err = tile_tags(b, id, tags)
  if not tag_names then return nil, err end
  b.cur = { tile = { id = id, count = cnt, oriented = oriented, tags = tag_names, segments = {},
                     line = l, col = c }, pos = pos, segs = {} }
  b.tiles_raw[#b.tiles_raw + 1] = b.cur
  return true
end

-- A segment's ports, expanded (a side letter: its three ports) and
-- sorted: list, the position of each port, whether it is the inner C.
local function segment_ports(b, id, index, pos, ports)
  local list, mine = {}, {}
  local inner = false
  for _, pt in ipairs(ports) do
    local ppos, tok = pt[1], pt[2]
    local expanded
    if tok == "C" then
      inner = true
      expanded = {}
    elseif PORT_ID[tok] then
      expanded = { PORT_ID[tok] }
    else
      local sd = SIDE_ID[ssub(tok, 1, 1)]
      expanded = { 3 * sd, 3 * sd + 1, 3 * sd + 2 }
    end
    for _, p in ipairs(expanded) do
      if mine[p] then
        return b.at(ppos, "tile %s: segment %d lists port %s twice", id, index, PORT_NAMES[p])
      end
      mine[p] = ppos
      list[#list + 1] = p
    end
  end
  if inner and #list > 0 then
    return b.at(pos, "tile %s: segment %d mixes the inner port C with edge ports", id, index)
  end
  tsort(list)
  return list, mine, inner
end

-- One attribute's value: 1 when omitted, else a 32-bit integer.
local function attribute_value(b, id, apos, aname, aval)
  if not aval then return 1 end
  local digits = smatch(aval, "^%-?0*(%d*)$")
  local v = (#digits <= 10) and mtointeger(tonumber(aval)) or nil
  if not v or v < INT_MIN or v > INT_MAX then
    return b.at(apos, "tile %s: attribute '%s' value %s is out of range (32-bit integer)",
                id, aname, #aval > 20 and ssub(aval, 1, 20) .. "..." or aval)
  end
  return v
end

local function segment_attrs(b, id, index, attrs)
  local alist, aseen = {}, {}
  for ai, a in ipairs(attrs) do
    local apos, aname, aval = a[1], a[2], a[3]
    if ai > M.MAX_SEG_ATTRS then
      return b.at(apos, "tile %s: segment %d has more than %d attributes",
                  id, index, M.MAX_SEG_ATTRS)
    end
    if aseen[aname] then
      return b.at(apos, "tile %s: segment %d sets attribute '%s' twice", id, index, aname)
    end
    if #aname > M.NAME_MAX then
      return b.at(apos, "tile %s: attribute name '%s' is longer than %d characters",
                  id, ssub(aname, 1, 20) .. "...", M.NAME_MAX)
    end
    aseen[aname] = true
    local v, err = attribute_value(b, id, apos, aname, aval)
    if not v then return nil, err end
    alist[#alist + 1] = { name = aname, value = v }
  end
  return alist
end

function STATEMENT.seg(b, s)
  local pos, label, kpos, kind, ports, attrs, refs =
    s[1], s[2], s[3], s[4], s[5], s[6], s[7]
  local cur = b.cur
  if not cur then return b.at(pos, "segment line outside a tile (write a 'tile' line first)") end
  local id = cur.tile.id
  local segs = cur.segs
  local index = #segs + 1
  if index > M.MAX_SEGMENTS then
    return b.at(pos, "tile %s: more than %d segments", id, M.MAX_SEGMENTS)
  end
  if #kind > M.NAME_MAX then
    return b.at(kpos, "tile %s: kind name '%s' is longer than %d characters",
                id, ssub(kind, 1, 20) .. "...", M.NAME_MAX)
  end
  if b.kinds and not b.kinds[kind] then
    return b.at(kpos, "tile %s: unknown kind '%s'", id, kind)
  end
  local list, mine, inner = segment_ports(b, id, index, pos, ports)
  if not list then return nil, mine end
  local alist, err = segment_attrs(b, id, index, attrs)
  if not alist then return nil, err end
  local l, c = b.where(pos)
  segs[index] = { seg = { kind = kind, label = label, ports = list, inner = inner,
                          attrs = alist, adjacent = {}, line = l, col = c },
                  pos = pos, port_pos = mine, refs = refs or {} }
  return true
end

-- Every port of the tile covered by exactly one segment.
local function check_coverage(b, tr)
  local owner, id = {}, tr.tile.id
  for si, sr in ipairs(tr.segs) do
    for _, p in ipairs(sr.seg.ports) do
      if owner[p] then
        return b.at(sr.port_pos[p], "tile %s: port %s covered by segments %d and %d",
                    id, PORT_NAMES[p], owner[p], si)
      end
      owner[p] = si
    end
  end
  for p = 0, 11 do
    if not owner[p] then
      return b.at(tr.pos, "tile %s: port %s covered by no segment", id, PORT_NAMES[p])
    end
  end
  return true
end

-- label -> segment index, and kind -> segment indices, of one tile.
local function segment_names(b, tr)
  local labels, by_kind = {}, {}
  for si, sr in ipairs(tr.segs) do
    local lb = sr.seg.label
    if lb then
      if labels[lb] then
        return b.at(sr.pos, "tile %s: label '%s' defined twice (segments %d and %d)",
                    tr.tile.id, lb, labels[lb], si)
      end
      labels[lb] = si
    end
    local k = sr.seg.kind
    by_kind[k] = by_kind[k] or {}
    tinsert(by_kind[k], si)
  end
  return labels, by_kind
end

-- The segment a `touches` reference names: a label, or a kind that only
-- one segment of the tile has.
local function ref_target(b, id, si, rf, labels, by_kind)
  local rpos, rname = rf[1], rf[2]
  local target = labels[rname]
  if not target then
    local ks = by_kind[rname]
    if not ks then
      return b.at(rpos, "tile %s: segment %d touches unknown segment '%s'", id, si, rname)
    elseif #ks > 1 then
      local names = {}
      for _, k in ipairs(ks) do names[#names + 1] = tostring(k) end
      return b.at(rpos, "tile %s: segment %d touches '%s', which is ambiguous "
                  .. "(segments %s are %s; use a label)",
                  id, si, rname, join_and(names), rname)
    end
    target = ks[1]
  end
  if target == si then
    return b.at(rpos, "tile %s: segment %d touches itself", id, si)
  end
  return target
end

-- Resolves the tile's references into sorted, symmetric adjacency lists
-- and adds the finished tile to the set.
local function finish_tile(b, tr)
  local tile, segs = tr.tile, tr.segs
  local labels, by_kind = segment_names(b, tr)
  if not labels then return nil, by_kind end
  local adj = {}
  for si = 1, #segs do adj[si] = {} end
  for si, sr in ipairs(segs) do
    for _, rf in ipairs(sr.refs) do
      local target, err = ref_target(b, tile.id, si, rf, labels, by_kind)
      if not target then return nil, err end
      adj[si][target] = true
      adj[target][si] = true
    end
  end
  for si, sr in ipairs(segs) do
    local a = {}
    for j = 1, #segs do if adj[si][j] then a[#a + 1] = j end end
    sr.seg.adjacent = a
    tile.segments[si] = sr.seg
  end
  b.set.tiles[#b.set.tiles + 1] = tile
  return true
end

-- Builds a set from the statement list; returns set or nil, err.
local function build(stmts, text, fname, opts)
  local where = line_index(text)
  local b = {
    where = where, kinds = opts and opts.kinds,
    set = { name = nil, title = nil, edition = nil, file = fname, includes = {}, removes = {}, tiles = {} },
    tile_first = {},   -- id -> line
    included = {},
    cur = nil,         -- current tile being built: { tile=, raw segs }
    tiles_raw = {},
  }
  function b.at(pos, fmt, ...)
    local l, c = where(pos)
    return nil, sfmt("%s:%d:%d: ", fname, l, c) .. sfmt(fmt, ...)
  end
  for _, s in ipairs(stmts) do
    local ok, err = (STATEMENT[s.tag] or STATEMENT.seg)(b, s)
    if not ok then return nil, err end
  end
  -- per-tile checks: coverage, labels, references
  for _, tr in ipairs(b.tiles_raw) do
    local ok, err = check_coverage(b, tr)
    if ok then ok, err = finish_tile(b, tr) end
    if not ok then return nil, err end
  end
  local set = b.set
  if not set.name then
    local base = fname and smatch(fname, "([^/\\]+)$") or "input"
    set.name = smatch(base, "^(.-)%.tiles$") or base
  end
  return set
end

-- }======================================================================

-- {======================================================================
-- Public API
-- =======================================================================

--- Parses tile notation.
---@param text string
---@param filename string|nil  used in messages and as set.file (default "input")
---@param opts {kinds: table<string,boolean>|nil}|nil
---@return meeple.TileSet|nil set
---@return string|nil err  "FILE:LINE:COL: message"
function M.parse(text, filename, opts)
  local fname = filename or "input"
  if type(text) ~= "string" then
    return nil, fname .. ":1:1: expected a string to parse, got " .. type(text)
  end
  local st = { far = 0, what = nil }
  local stmts = file:match(text, 1, st)
  if not stmts then
    local where = line_index(text)
    local pos = st.far > 0 and st.far or 1
    local l, c = where(pos)
    return nil, sfmt("%s:%d:%d: expected %s, found %s", fname, l, c,
                     st.what or STMT_MSG, describe(text, pos))
  end
  return build(stmts, text, fname, opts)
end

--- Reads a file (meeple.files: regular, size-capped) and parses it. This runs in the
--- trusted host, never inside the rules sandbox.
---@param path string
---@param opts {kinds: table<string,boolean>|nil}|nil
---@return meeple.TileSet|nil set
---@return string|nil err
function M.load(path, opts)
  if type(path) ~= "string" then
    return nil, "tiles.load: expected a file name, got " .. type(path)
  end
  local text, err = files.read(path)
  if not text then return nil, err end
  return M.parse(text, path, opts)
end

local function copy_tile(t, set)
  local segs = {}
  for i, sg in ipairs(t.segments) do
    local ports, attrs, adj = {}, {}, {}
    for j, p in ipairs(sg.ports) do ports[j] = p end
    for j, a in ipairs(sg.attrs) do attrs[j] = { name = a.name, value = a.value } end
    for j, a in ipairs(sg.adjacent) do adj[j] = a end
    segs[i] = { kind = sg.kind, label = sg.label, ports = ports, inner = sg.inner,
                attrs = attrs, adjacent = adj, line = sg.line, col = sg.col }
  end
  local tags = {}
  for j, g in ipairs(t.tags) do tags[j] = g end
  return { id = t.id, count = t.count, oriented = t.oriented, tags = tags, segments = segs,
           line = t.line, col = t.col, set = set.name, file = set.file }
end

--- Applies composition (include / remove) and returns the flat tile list:
--- the tiles of each included set in include order (after this set's
--- removes), then this set's own tiles. Tiles are fresh copies carrying
--- their final count and the name and file of the set that defined them.
---@param set meeple.TileSet
---@param loader fun(name: string): (meeple.TileSet|nil, string|nil)
---@return meeple.Tile[]|nil tiles
---@return string|nil err  "FILE:LINE: message"
function M.resolve(set, loader)
  local cache = {}
  local function get(name)
    local c = cache[name]
    if c then return c[1], c[2] end
    local s, err = loader(name)
    if s == nil and err == nil then err = "not found" end
    cache[name] = { s, err }
    return s, err
  end
  local function go(s, stack)
    local out, index = {}, {}
    for _, inc in ipairs(s.includes) do
      for _, name in ipairs(stack) do
        if name == inc.name then
          local chain = {}
          for _, n in ipairs(stack) do chain[#chain + 1] = n end
          chain[#chain + 1] = inc.name
          return nil, sfmt("%s:%d: include cycle: %s", s.file, inc.line, tconcat(chain, " -> "))
        end
      end
      local sub, err = get(inc.name)
      if not sub then
        return nil, sfmt("%s:%d: cannot include set '%s': %s", s.file, inc.line, inc.name,
                         tostring(err))
      end
      stack[#stack + 1] = inc.name
      local list, err2 = go(sub, stack)
      stack[#stack] = nil
      if not list then return nil, err2 end
      for _, t in ipairs(list) do
        if index[t.id] then
          return nil, sfmt("%s:%d: tile %s comes from both set '%s' and set '%s'",
                           s.file, inc.line, t.id, out[index[t.id]].set, t.set)
        end
        out[#out + 1] = t
        index[t.id] = #out
      end
    end
    for _, rm in ipairs(s.removes) do
      local i = index[rm.id]
      if not i then
        return nil, sfmt("%s:%d: remove %s: no such tile in the included sets", s.file, rm.line, rm.id)
      end
      local t = out[i]
      if rm.count and rm.count < t.count then
        t.count = t.count - rm.count
      elseif rm.count and rm.count > t.count then
        return nil, sfmt("%s:%d: remove %s x%d: only %d left", s.file, rm.line, rm.id,
                         rm.count, t.count)
      else
        out[i] = false
        index[rm.id] = nil
      end
    end
    local kept = {}
    for _, t in ipairs(out) do if t then kept[#kept + 1] = t end end
    out, index = kept, {}
    for i, t in ipairs(out) do index[t.id] = i end
    for _, t in ipairs(s.tiles) do
      if index[t.id] then
        return nil, sfmt("%s:%d: tile %s: already defined by included set '%s'",
                         s.file, t.line, t.id, out[index[t.id]].set)
      end
      out[#out + 1] = copy_tile(t, s)
      index[t.id] = #out
    end
    return out
  end
  local out, err = go(set, { set.name })
  if not out then return nil, err end
  -- included sets may pass the game's limit together, each within it
  local total = 0
  for _, t in ipairs(out) do
    total = total + t.count
    if total > LIMITS.MAX_GAME_TILES then
      return nil, sfmt("%s:%d: tile %s: the set holds more than %d tiles, the most a game may have",
                       set.file or set.name or "input", t.line or 1, t.id, LIMITS.MAX_GAME_TILES)
    end
  end
  return out
end

--- load + resolve; an included set NAME is read from <dir>/NAME.tiles,
--- where dir is the directory of path.
---@return meeple.Tile[]|nil tiles
---@return meeple.TileSet|string set_or_err  the top set, or the message
function M.load_resolved(path, opts)
  local set, err = M.load(path, opts)
  if not set then return nil, err end
  local dir = smatch(path, "^(.*)[/\\][^/\\]*$") or "."
  local tiles, rerr = M.resolve(set, function(name)
    return M.load(dir .. "/" .. name .. ".tiles", opts)
  end)
  if not tiles then return nil, rerr end
  return tiles, set
end

local function sorted_entries(map)
  local names = {}
  for k in pairs(map) do names[#names + 1] = k end
  tsort(names)
  local out = {}
  for i, k in ipairs(names) do
    local e = map[k]
    e.name = k
    out[i] = e
  end
  return out
end

--- Counts over a flat tile list (or a set's own tiles).
---@param tiles meeple.Tile[]
---@param set meeple.TileSet|nil  only its name is used
---@return meeple.Summary
function M.summary(tiles, set)
  local total, kinds, attrs, tags = 0, {}, {}, {}
  for _, t in ipairs(tiles) do
    local n = t.count
    total = total + n
    local seen = {}
    for _, sg in ipairs(t.segments) do
      local k = kinds[sg.kind]
      if not k then k = { segments = 0, tiles = 0 }; kinds[sg.kind] = k end
      k.segments = k.segments + n
      if not seen[sg.kind] then seen[sg.kind] = true; k.tiles = k.tiles + n end
      for _, a in ipairs(sg.attrs) do
        local e = attrs[a.name]
        if not e then e = { total = 0 }; attrs[a.name] = e end
        e.total = e.total + n * a.value
      end
    end
    for _, g in ipairs(t.tags) do
      local e = tags[g]
      if not e then e = { tiles = 0 }; tags[g] = e end
      e.tiles = e.tiles + n
    end
  end
  return { name = set and set.name or nil, tiles = total, types = #tiles,
           kinds = sorted_entries(kinds), attrs = sorted_entries(attrs),
           tags = sorted_entries(tags) }
end

--- One line of text, e.g.
--- "base: 72 tiles, 24 types; kinds: city 49, ...; attrs: pennant 10".
--- The counts per kind are segments (each tile counted count times).
---@param sum meeple.Summary
---@param name string|nil  overrides sum.name
function M.format_summary(sum, name)
  name = name or sum.name
  local parts = {}
  for i, k in ipairs(sum.kinds) do parts[i] = k.name .. " " .. k.segments end
  local line = sfmt("%s%d tiles, %d types; kinds: %s", name and (name .. ": ") or "",
                    sum.tiles, sum.types, #parts > 0 and tconcat(parts, ", ") or "none")
  if #sum.attrs > 0 then
    local ap = {}
    for i, a in ipairs(sum.attrs) do ap[i] = a.name .. " " .. a.total end
    line = line .. "; attrs: " .. tconcat(ap, ", ")
  end
  return line
end

return M
