-- Grammar of the tile notation: what parses (and the exact tables built),
-- what fails (and the exact one-line message with line:col), composition.
local tiles = require "meeple.tiles"
local t = require("testlib").new("tiles grammar")

local BASE_KINDS = { city = true, road = true, field = true, cloister = true }

local function parse(src, opts) return tiles.parse(src, "t.tiles", opts) end

-- parse that must succeed
local function good(name, src, opts)
  local set, err = parse(src, opts)
  if not set then t:fail(name .. ": " .. tostring(err)); return nil end
  t:pass()
  return set
end

-- parse that must fail with exactly this message
local function bad(src, want, opts)
  local set, err = parse(src, opts)
  if set then return t:fail("expected failure " .. want .. ", but it parsed: " .. src) end
  t:eq(err, want, "error for " .. string.format("%q", src))
end

local function seg(kind, ports, extra)
  local s = { kind = kind, ports = ports, inner = false, attrs = {}, adjacent = {} }
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

-- strip positions so the expected tables stay short
local function shape(set)
  local out = {}
  for i, tl in ipairs(set.tiles) do
    local segs = {}
    for j, s in ipairs(tl.segments) do
      segs[j] = { kind = s.kind, label = s.label, ports = s.ports, inner = s.inner,
                  attrs = s.attrs, adjacent = s.adjacent }
    end
    out[i] = { id = tl.id, count = tl.count, tags = tl.tags, segments = segs }
  end
  return out
end

-- {== ports ==============================================================

t:same(tiles.PORT_ID, { NNW = 0, N = 1, NNE = 2, ENE = 3, E = 4, ESE = 5, SSE = 6,
                        S = 7, SSW = 8, WSW = 9, W = 10, WNW = 11 }, "port numbering (gk.h)")
t:eq(tiles.port_name(7), "S", "port_name")

-- {== cases that parse ====================================================

do -- the smallest tile: one field, whole sides; count defaults to 1
  local s = good("minimal", "tile A\n  field N* E* S* W*\n")
  if s then
    t:same(shape(s), { { id = "A", count = 1, tags = {},
      segments = { seg("field", { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }) } } }, "minimal tile")
    t:eq(s.name, "t", "set name defaults to the file name")
    t:eq(s.file, "t.tiles", "file")
    t:same(s.includes, {}, "no includes")
    t:same(s.removes, {}, "no removes")
    t:eq(s.tiles[1].line, 1, "tile line"); t:eq(s.tiles[1].col, 1, "tile col")
    t:eq(s.tiles[1].segments[1].line, 2, "segment line")
    t:eq(s.tiles[1].segments[1].col, 3, "segment col")
  end
end

do -- the start tile: count, tag, centre ports, half-side ports, touches by kind
  local s = good("start tile", [[
tile D x4 [start]
  city N*
  road W E
  field WNW ENE touches city
  field ESE S* WSW
]])
  if s then
    t:same(shape(s), { { id = "D", count = 4, tags = { "start" }, segments = {
      seg("city", { 0, 1, 2 }, { adjacent = { 3 } }),
      seg("road", { 4, 10 }),
      seg("field", { 3, 11 }, { adjacent = { 1 } }),
      seg("field", { 5, 6, 7, 8, 9 }),
    } } }, "tile D")
  end
end

do -- labels, attributes (bare, =INT, negative), comma and space separated refs
  local s = good("labels and attrs", [[
tile H x3 [a, b_2,c]
  north = city N* pennant
  south=city S* fish=2 depth=-7 pennant=0
  field E* W* touches north, south
  extra = lake C touches north south
]])
  if s then
    t:same(shape(s), { { id = "H", count = 3, tags = { "a", "b_2", "c" }, segments = {
      seg("city", { 0, 1, 2 }, { label = "north", adjacent = { 3, 4 },
          attrs = { { name = "pennant", value = 1 } } }),
      seg("city", { 6, 7, 8 }, { label = "south", adjacent = { 3, 4 },
          attrs = { { name = "fish", value = 2 }, { name = "depth", value = -7 },
                    { name = "pennant", value = 0 } } }),
      seg("field", { 3, 4, 5, 9, 10, 11 }, { adjacent = { 1, 2 } }),
      seg("lake", {}, { label = "extra", inner = true, adjacent = { 1, 2 } }),
    } } }, "tile H")
  end
end

do -- inner segments: several C segments, adjacency made symmetric, ports sorted
  local s = good("inner", [[
tile A x2
  cloister C touches field
  road S touches cloister
  field W* E* SSW SSE N*    # written out of order
  garden C
]], { kinds = { cloister = true, road = true, field = true, garden = true } })
  if s then
    t:same(shape(s), { { id = "A", count = 2, tags = {}, segments = {
      seg("cloister", {}, { inner = true, adjacent = { 2, 3 } }),
      seg("road", { 7 }, { adjacent = { 1 } }),
      seg("field", { 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11 }, { adjacent = { 1 } }),
      seg("garden", {}, { inner = true }),
    } } }, "tile A")
  end
end

do -- the set line, include, remove, comments, blank lines, ids with . and -
  local s = good("set line", [[
# a comment line
set tb "Traders \"and\" Builders" edition "C2 \\ 2014"   # trailing comment

include base
	include river_2        # tab indentation
remove X
remove D x1
tile tb.A-1 x12
  field N* E* S* W*
tile 9
  field N* E* S* W*
]])
  if s then
    t:eq(s.name, "tb", "set name")
    t:eq(s.title, 'Traders "and" Builders', "title with escapes")
    t:eq(s.edition, "C2 \\ 2014", "edition with escapes")
    t:same(s.includes, { { name = "base", line = 4 }, { name = "river_2", line = 5 } }, "includes")
    t:same(s.removes, { { id = "X", line = 6 }, { id = "D", count = 1, line = 7 } }, "removes")
    t:eq(s.tiles[1].id, "tb.A-1", "dotted id"); t:eq(s.tiles[1].count, 12, "count 12")
    t:eq(s.tiles[2].id, "9", "numeric id")
  end
end

do -- set line forms
  local s = good("set edition only", 'set x edition "e"\n')
  if s then t:eq(s.name, "x"); t:eq(s.title, nil); t:eq(s.edition, "e") end
  s = good("set name only", "set only_name")
  if s then t:eq(s.name, "only_name"); t:eq(s.title, nil); t:eq(s.edition, nil) end
  s = good("set title only", 'set y "Y"')
  if s then t:eq(s.title, "Y"); t:eq(s.edition, nil) end
end

do -- CRLF line ends, no final newline, trailing spaces, empty text
  local s = good("crlf", "tile A \r\n  field N* E* S* W*  \r\n\r\ntile B\r\n  field N* E* S* W*")
  if s then t:eq(#s.tiles, 2, "two tiles with CRLF"); t:eq(s.tiles[2].line, 4, "CRLF line numbers") end
  s = good("empty", "")
  if s then t:eq(#s.tiles, 0, "no tiles") end
  s = good("only comments", "# nothing\n   \n# more")
  if s then t:eq(#s.tiles, 0, "no tiles") end
end

do -- single ports and whole sides mix; refs deduplicated
  local s = good("mixed ports", [[
tile M
  c = city N* WNW W WSW
  field E* S* touches c city c
]])
  if s then
    t:same(s.tiles[1].segments[1].ports, { 0, 1, 2, 9, 10, 11 }, "city ports")
    t:same(s.tiles[1].segments[2].adjacent, { 1 }, "dedup refs")
    t:same(s.tiles[1].segments[1].adjacent, { 2 }, "symmetric")
  end
end

do -- limits that are still allowed: 16 segments, 8 attributes, 47-char names
  local lines = { "tile X" }
  for p = 0, 11 do lines[#lines + 1] = "  field " .. tiles.PORT_NAMES[p] end
  for i = 1, 4 do lines[#lines + 1] = "  pond" .. i .. " C" end
  local s = good("16 segments", table.concat(lines, "\n"))
  if s then t:eq(#s.tiles[1].segments, 16, "16 segments") end
  s = good("8 attrs", "tile Y\n  city N* E* S* W* a b c d e f g h=-2147483648\n")
  if s then
    t:eq(#s.tiles[1].segments[1].attrs, 8, "8 attrs")
    t:eq(s.tiles[1].segments[1].attrs[8].value, -2147483648, "int32 min")
  end
  good("long names", "tile " .. string.rep("I", 47) .. "\n  " .. string.rep("k", 47) .. " N* E* S* W*\n")
end

do -- oriented: after the count, before the tags; absent means nil (not false)
  local s = good("oriented", "tile F x2 oriented [sign]\n  field N* E* S* W*\n"
                 .. "tile G oriented\n  field N* E* S* W*\ntile H [oriented]\n  field N* E* S* W*\n")
  if s then
    t:eq(s.tiles[1].oriented, true, "oriented with count and tags")
    t:eq(s.tiles[1].count, 2, "count kept")
    t:same(s.tiles[1].tags, { "sign" }, "tags kept")
    t:eq(s.tiles[2].oriented, true, "oriented alone")
    t:eq(s.tiles[3].oriented, nil, "a tag named oriented is only a tag")
    t:same(s.tiles[3].tags, { "oriented" }, "... listed as a tag")
  end
  local list = tiles.resolve(s, function() end)
  t:eq(list and list[1].oriented, true, "resolve keeps oriented")
  t:eq(list and list[3].oriented, nil, "resolve adds no oriented")
  -- a kind named oriented is still a kind
  good("oriented kind", "tile K\n  oriented N* E* S* W*\n")
end

do -- known kinds accepted
  good("known kinds", "tile E\n  city N*\n  field E* S* W* touches city\n", { kinds = BASE_KINDS })
end

-- {== cases that fail =====================================================

-- syntax
bad("tile D\n  city N* Q\n", "t.tiles:2:11: expected a port name (N, NNE, ..., C), found 'Q'")
bad("tile D\n  field Q S*\n", "t.tiles:2:9: expected a port name (N, NNE, ..., C), found 'Q'")
bad("tile D\n  city\n", "t.tiles:2:7: expected a port name (N, NNE, ..., C), found end of line")
bad("tile D\n  city NNE*\n", "t.tiles:2:8: expected a port name (N, NNE, ..., C), found 'NNE*'")
bad("tile D\n  city pennant\n", "t.tiles:2:8: expected a port name (N, NNE, ..., C), found 'pennant'")
bad("tile D\n  city N*S*\n", "t.tiles:2:10: expected a port, an attribute, 'touches' or end of line, found 'S*'")
bad("tile D\n  city N* +pennant\n", "t.tiles:2:11: expected a port, an attribute, 'touches' or end of line, found '+'")
bad("tile\n", "t.tiles:1:5: expected a tile id, found end of line")
bad("tile D x\n", "t.tiles:1:8: expected a count (xN), 'oriented', a tag list ([tag, ...]) or end of line, found 'x'")
bad("tile D oriented x2\n", "t.tiles:1:17: expected a count (xN), 'oriented', a tag list ([tag, ...]) or end of line, found 'x2'")
bad("tile D orientated\n", "t.tiles:1:8: expected a count (xN), 'oriented', a tag list ([tag, ...]) or end of line, found 'orientated'")
bad("tile D x4 [start\n", "t.tiles:1:17: expected ',' or ']', found end of line")
bad("tile D [Start]\n", "t.tiles:1:9: expected a tag name, found 'Start'")
bad("tile D\n  city N* fish=\n", "t.tiles:2:16: expected an integer, found end of line")
bad("tile D\n  city N* touches\n", "t.tiles:2:18: expected a segment reference after 'touches', found end of line")
bad("tile D\n  city N* touches field,\n", "t.tiles:2:25: expected a segment reference, found end of line")
bad('set base "Carcassonne', "t.tiles:1:22: expected '\"' (a string ends on the same line; escapes: \\\" \\\\), found end of file")
bad('set base "a\\n"\n', "t.tiles:1:12: expected '\"' (a string ends on the same line; escapes: \\\" \\\\), found '\\'")
bad('set base edition\n', "t.tiles:1:17: expected an edition string, found end of line")
bad('set base "t" "u"\n', "t.tiles:1:14: expected a title string, 'edition' or end of line, found '\"'")
bad("set\n", "t.tiles:1:4: expected a set name, found end of line")
bad("include\n", "t.tiles:1:8: expected a set name, found end of line")
bad("include a b\n", "t.tiles:1:11: expected end of line, found 'b'")
bad("remove\n", "t.tiles:1:7: expected a tile id, found end of line")
bad("remove D 1\n", "t.tiles:1:10: expected a count (xN) or end of line, found '1'")
bad("?\n", "t.tiles:1:1: expected a statement (set, include, remove, tile) or a segment line, found '?'")
bad("tile D\n  City N*\n", "t.tiles:2:3: expected a statement (set, include, remove, tile) or a segment line, found 'City'")
bad("tile D\n  touches N*\n", "t.tiles:2:3: expected a statement (set, include, remove, tile) or a segment line, found 'touches'")
bad("tile D\n  c1 = \n", "t.tiles:2:8: expected a segment kind, found end of line")
bad("tile D\n  field N* E* S* W*\n\1", "t.tiles:3:1: expected a statement (set, include, remove, tile) or a segment line, found '\\x01'")

-- semantics
bad("  city N*\n", "t.tiles:1:3: segment line outside a tile (write a 'tile' line first)")
bad("tile D\n  field N* E* S* W*\ntile D\n  field N* E* S* W*\n",
    "t.tiles:3:6: tile D: duplicate tile id (first at line 1)")
bad("tile D x0\n  field N* E* S* W*\n", "t.tiles:1:8: tile D: count must be at least 1")
bad("tile D x1000001\n  field N* E* S* W*\n", "t.tiles:1:8: tile D: count must be at most 10000")
-- issue 36: docs/tiles.md and the kernel's stack_add agree (gk_limits.h)
bad("tile D x10001\n  field N* E* S* W*\n", "t.tiles:1:8: tile D: count must be at most 10000")
-- and a set of many types is held to the game's limit on tiles
bad("tile D x10000\n  field N* E* S* W*\ntile E x1\n  field N* E* S* W*\n",
    "t.tiles:3:8: tile E: the set holds more than 10000 tiles, the most a game may have")
bad("tile D [start, start]\n  field N* E* S* W*\n", "t.tiles:1:16: tile D: tag 'start' listed twice")
bad("tile D\n  city N*\n  road W E\n  field NNE ENE WNW ESE S* WSW\n",
    "t.tiles:4:9: tile D: port NNE covered by segments 1 and 3")
bad("tile D\n  city N*\n  road W E\n  field WNW ENE\n  field ESE SSE SSW WSW\n",
    "t.tiles:1:1: tile D: port S covered by no segment")
bad("tile D\n  city N*\n  field E* S* W* touches c9\n",
    "t.tiles:3:26: tile D: segment 2 touches unknown segment 'c9'")
bad("tile D\n  castle N*\n  field E* S* W*\n", "t.tiles:2:3: tile D: unknown kind 'castle'", { kinds = BASE_KINDS })
bad("tile H\n  city N*\n  city S*\n  field E* W* touches city\n",
    "t.tiles:4:23: tile H: segment 3 touches 'city', which is ambiguous (segments 1 and 2 are city; use a label)")
bad("tile H\n  a = city N*\n  a = city S*\n  field E* W*\n",
    "t.tiles:3:3: tile H: label 'a' defined twice (segments 1 and 2)")
bad("tile D\n  city N* E* S* W* touches city\n", "t.tiles:2:28: tile D: segment 1 touches itself")
bad("tile D\n  city N* N\n  field E* S* W*\n", "t.tiles:2:11: tile D: segment 1 lists port N twice")
bad("tile D\n  city N* C\n  field E* S* W*\n",
    "t.tiles:2:3: tile D: segment 1 mixes the inner port C with edge ports")
bad("tile D\n  city N* E* S* W* a b c d e f g h i\n",
    "t.tiles:2:36: tile D: segment 1 has more than 8 attributes")
bad("tile D\n  city N* E* S* W* pennant pennant=2\n",
    "t.tiles:2:28: tile D: segment 1 sets attribute 'pennant' twice")
bad("tile D\n  city N* E* S* W* fish=2147483648\n",
    "t.tiles:2:20: tile D: attribute 'fish' value 2147483648 is out of range (32-bit integer)")
do
  local lines = { "tile X" }
  for p = 0, 11 do lines[#lines + 1] = "  field " .. tiles.PORT_NAMES[p] end
  for i = 1, 5 do lines[#lines + 1] = "  pond" .. i .. " C" end
  bad(table.concat(lines, "\n"), "t.tiles:18:3: tile X: more than 16 segments")
end
bad("tile " .. string.rep("I", 48) .. "\n", "t.tiles:1:6: tile id 'IIIIIIIIIIIIIIIIIIII...' is longer than 47 characters")
bad('set a\nset b\n', "t.tiles:2:1: set declared twice (first at line 1)")
bad('include a\ninclude a\n', "t.tiles:2:1: set 'a' included twice (first at line 1)")
bad('remove D x0\n', "t.tiles:1:10: remove D: count must be at least 1")

-- the file name defaults to "input"; a non-string is an error, not a raise
do
  local _, err = tiles.parse("?")
  t:eq(err, "input:1:1: expected a statement (set, include, remove, tile) or a segment line, found '?'")
  _, err = tiles.parse(nil, "x.tiles")
  t:eq(err, "x.tiles:1:1: expected a string to parse, got nil")
end

-- {== composition ==========================================================

do
  local files = {
    base = "set base\ntile A x2\n  field N* E* S* W*\ntile B x3\n  field N* E* S* W*\ntile C\n  field N* E* S* W*\n",
    ext = "set ext\ninclude base\nremove A\nremove B x1\ntile E1 x2\n  field N* E* S* W*\n",
    top = "set top\ninclude ext\ntile T\n  field N* E* S* W*\n",
    cyc1 = "set cyc1\ninclude cyc2\n",
    cyc2 = "set cyc2\ninclude cyc1\n",
    self = "set self\n\ninclude self\n",
    missing = "set missing\ninclude nowhere\n",
    rm_missing = "set rm_missing\ninclude base\nremove Z\n",
    rm_many = "set rm_many\ninclude base\nremove B x4\n",
    dup = "set dup\ninclude base\ntile C\n  field N* E* S* W*\n",
    rm_exact = "set rm_exact\ninclude base\nremove B x3\n",
  }
  local parsed = {}
  local function loader(name)
    if not files[name] then return nil, "no file " .. name .. ".tiles" end
    if not parsed[name] then
      parsed[name] = assert(tiles.parse(files[name], name .. ".tiles"))
    end
    return parsed[name]
  end
  local function ids(list)
    local out = {}
    for i, tl in ipairs(list) do out[i] = tl.id .. "x" .. tl.count .. "@" .. tl.set end
    return table.concat(out, " ")
  end
  local list, err = tiles.resolve(loader("top"), loader)
  t:eq(list and ids(list), "Bx2@base Cx1@base E1x2@ext Tx1@top", err or "resolve top")
  t:eq(parsed.base.tiles[2].count, 3, "resolve does not modify the parsed set")
  list = tiles.resolve(loader("rm_exact"), loader)
  t:eq(list and ids(list), "Ax2@base Cx1@base", "remove all copies drops the type")
  local function rerr(name)
    local l, e = tiles.resolve(loader(name), loader)
    return l == nil and e or "resolved"
  end
  t:eq(rerr("cyc1"), "cyc2.tiles:2: include cycle: cyc1 -> cyc2 -> cyc1")
  t:eq(rerr("self"), "self.tiles:3: include cycle: self -> self")
  t:eq(rerr("missing"), "missing.tiles:2: cannot include set 'nowhere': no file nowhere.tiles")
  t:eq(rerr("rm_missing"), "rm_missing.tiles:3: remove Z: no such tile in the included sets")
  t:eq(rerr("rm_many"), "rm_many.tiles:3: remove B x4: only 3 left")
  t:eq(rerr("dup"), "dup.tiles:3: tile C: already defined by included set 'base'")
end

do -- load errors are returned
  local s, err = tiles.load("/nonexistent/dir/x.tiles")
  t:eq(s, nil, "load of a missing file")
  t:ok(type(err) == "string" and err:find("/nonexistent/dir/x.tiles", 1, true), "message names the file")
end

do -- load_resolved looks includes up next to the file
  local dir = os.tmpname()
  os.remove(dir)
  local ok = os.execute("mkdir -p '" .. dir .. "'")
  if ok then
    local function write(name, text)
      local f = assert(io.open(dir .. "/" .. name, "w")); f:write(text); f:close()
    end
    write("a.tiles", "set a\ntile A1 x3\n  field N* E* S* W*\n")
    write("b.tiles", "set b\ninclude a\nremove A1 x1\ntile B1\n  city N* E* S* W* pennant\n")
    local list, set = tiles.load_resolved(dir .. "/b.tiles")
    t:ok(list ~= nil, "load_resolved: " .. tostring(set))
    if list then
      t:eq(#list, 2, "two types"); t:eq(list[1].count, 2, "A1 lowered to 2")
      t:eq(set.name, "b", "top set returned")
      t:eq(tiles.format_summary(tiles.summary(list, set)),
           "b: 3 tiles, 2 types; kinds: city 1, field 2; attrs: pennant 1")
    end
    os.remove(dir .. "/a.tiles"); os.remove(dir .. "/b.tiles"); os.remove(dir)
  else
    t:fail("cannot create a temporary directory")
  end
end

t:done()
