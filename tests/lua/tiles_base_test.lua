-- tiles/base.tiles against the base game facts in scripts/base.lua §1.1.
local tiles = require "meeple.tiles"
local testlib = require "testlib"
local t = testlib.new("tiles base")

local KINDS = { city = true, road = true, field = true, cloister = true }
local path = testlib.root() .. "/tiles/base.tiles"
local list, set = tiles.load_resolved(path, { kinds = KINDS })
if not list then
  t:fail("base.tiles does not load: " .. tostring(set))
  t:done()
end

-- base.md §1.1, transcribed: type -> count, edges N,E,S,W (C/R/F)
local TABLE = {
  A = { 2, "FFRF" }, B = { 4, "FFFF" }, C = { 1, "CCCC" }, D = { 4, "CRFR" },
  E = { 5, "CFFF" }, F = { 2, "FCFC" }, G = { 1, "FCFC" }, H = { 3, "CFCF" },
  I = { 2, "CFFC" }, J = { 3, "CRRF" }, K = { 3, "CFRR" }, L = { 3, "CRRR" },
  M = { 2, "CFFC" }, N = { 3, "CFFC" }, O = { 2, "CRRC" }, P = { 3, "CRRC" },
  Q = { 1, "CCFC" }, R = { 3, "CCFC" }, S = { 2, "CCRC" }, T = { 1, "CCRC" },
  U = { 8, "RFRF" }, V = { 9, "FFRR" }, W = { 4, "FRRR" }, X = { 1, "RRRR" },
}
local PENNANTS = { C = 1, F = 1, M = 1, O = 1, Q = 1, S = 1 }
local LETTER = { city = "C", road = "R", field = "F" }

local by_id = {}
for _, tl in ipairs(list) do by_id[tl.id] = tl end

-- {== totals ==============================================================
local total, pennants, cloisters = 0, 0, 0
for _, tl in ipairs(list) do
  total = total + tl.count
  for _, sg in ipairs(tl.segments) do
    for _, a in ipairs(sg.attrs) do
      if a.name == "pennant" then pennants = pennants + tl.count * a.value end
    end
    if sg.kind == "cloister" then cloisters = cloisters + tl.count end
  end
end
t:eq(total, 72, "72 tiles")
t:eq(#list, 24, "24 types")
t:eq(pennants, 10, "10 pennants")
t:eq(cloisters, 6, "6 cloisters")
t:eq(set.name, "base", "set name"); t:eq(set.title, "Carcassonne", "title")
t:eq(set.edition, "3rd edition", "edition")

-- {== edge statistics (a side's kind = the kind at its centre port) ======
local edges = { C = 0, R = 0, F = 0 }
local tiles_with = { C = 0, R = 0, F = 0 }
for _, tl in ipairs(list) do
  local at = {}
  for _, sg in ipairs(tl.segments) do
    for _, p in ipairs(sg.ports) do at[p] = sg.kind end
  end
  local sig, seen = {}, {}
  for side = 0, 3 do
    local l = LETTER[at[3 * side + 1]] or "?"
    sig[#sig + 1] = l
    if edges[l] then edges[l] = edges[l] + tl.count end
    seen[l] = true
  end
  for l in pairs(seen) do
    if tiles_with[l] then tiles_with[l] = tiles_with[l] + tl.count end
  end
  local want = TABLE[tl.id]
  if t:ok(want ~= nil, "unexpected tile type " .. tl.id) then
    t:eq(table.concat(sig), want[2], "edges of " .. tl.id)
    t:eq(tl.count, want[1], "count of " .. tl.id)
  end
  -- half-side ports never disagree with their side's centre about cities:
  -- a side is either all city or has no city port at all
  for side = 0, 3 do
    local c = 0
    for k = 0, 2 do if at[3 * side + k] == "city" then c = c + 1 end end
    t:ok(c == 0 or c == 3, tl.id .. ": side " .. side .. " is partly city")
  end
end
t:eq(edges.C, 79, "city edges"); t:eq(tiles_with.C, 44, "tiles with a city edge")
t:eq(edges.R, 94, "road edges"); t:eq(tiles_with.R, 45, "tiles with a road edge")
t:eq(edges.F, 115, "field edges")
t:eq(edges.C + edges.R + edges.F, 288, "288 edges")

-- {== per-type facts =======================================================
for id in pairs(TABLE) do t:ok(by_id[id] ~= nil, "type " .. id .. " present") end
for _, tl in ipairs(list) do
  local p = 0
  for _, sg in ipairs(tl.segments) do
    for _, a in ipairs(sg.attrs) do if a.name == "pennant" then p = p + a.value end end
  end
  t:eq(p, PENNANTS[tl.id] or 0, "pennant on " .. tl.id)
  t:same(tl.tags, tl.id == "D" and { "start" } or {}, "tags of " .. tl.id)
  -- every port covered exactly once
  local cover = {}
  for _, sg in ipairs(tl.segments) do
    for _, q in ipairs(sg.ports) do cover[q] = (cover[q] or 0) + 1 end
  end
  for q = 0, 11 do t:eq(cover[q], 1, tl.id .. " port " .. q) end
end

-- which cities each field touches: list of sorted city port sets per field
local function field_contacts(id)
  local tl = by_id[id]
  local out = {}
  for _, sg in ipairs(tl.segments) do
    if sg.kind == "field" then
      local touched = {}
      for _, j in ipairs(sg.adjacent) do
        local other = tl.segments[j]
        if other.kind == "city" then
          touched[#touched + 1] = table.concat(
            (function() local n = {} for i, q in ipairs(other.ports) do n[i] = tiles.PORT_NAMES[q] end return n end)(), " ")
        end
      end
      table.sort(touched)
      local ports = {}
      for i, q in ipairs(sg.ports) do ports[i] = tiles.PORT_NAMES[q] end
      out[#out + 1] = table.concat(ports, " ") .. " -> " .. table.concat(touched, " | ")
    end
  end
  table.sort(out)
  return out
end
t:same(field_contacts("D"), { "ENE WNW -> NNW N NNE", "ESE SSE S SSW WSW -> " }, "D fields")
t:same(field_contacts("E"), { "ENE E ESE SSE S SSW WSW W WNW -> NNW N NNE" }, "E field")
t:same(field_contacts("F"), { "NNW N NNE -> ENE E ESE WSW W WNW", "SSE S SSW -> ENE E ESE WSW W WNW" }, "F fields")
t:same(field_contacts("H"), { "ENE E ESE WSW W WNW -> NNW N NNE | SSE S SSW" }, "H field touches both caps")
t:same(field_contacts("I"), { "ENE E ESE SSE S SSW -> NNW N NNE | WSW W WNW" }, "I field touches both caps")
t:same(field_contacts("J"), { "ENE SSW WSW W WNW -> NNW N NNE", "ESE SSE -> " }, "J fields")
t:same(field_contacts("K"), { "ENE E ESE SSE WNW -> NNW N NNE", "SSW WSW -> " }, "K fields")
t:same(field_contacts("L"), { "ENE WNW -> NNW N NNE", "ESE SSE -> ", "SSW WSW -> " }, "L fields")
t:same(field_contacts("O"), { "ENE SSW -> NNW N NNE WSW W WNW", "ESE SSE -> " }, "O fields")
t:same(field_contacts("S"), { "SSE -> NNW N NNE ENE E ESE WSW W WNW", "SSW -> NNW N NNE ENE E ESE WSW W WNW" }, "S fields")
t:same(field_contacts("V"), { "NNW N NNE ENE E ESE SSE WNW -> ", "SSW WSW -> " }, "V fields")

-- cloisters: inner, touching the field around them; A's road ends at it
for _, id in ipairs { "A", "B" } do
  local tl = by_id[id]
  local cl = tl.segments[1]
  t:eq(cl.kind, "cloister", id .. " cloister first")
  t:ok(cl.inner and #cl.ports == 0, id .. " cloister is inner")
  local kinds = {}
  for _, j in ipairs(cl.adjacent) do kinds[#kinds + 1] = tl.segments[j].kind end
  table.sort(kinds)
  t:same(kinds, id == "A" and { "field", "road" } or { "field" }, id .. " cloister touches")
end
t:same(by_id.A.segments[2].ports, { 7 }, "A road S")

-- {== summary ===============================================================
local sum = tiles.summary(list, set)
t:eq(sum.tiles, 72, "summary tiles"); t:eq(sum.types, 24, "summary types")
t:same(sum.kinds, {
  { name = "city", segments = 49, tiles = 44 },
  { name = "cloister", segments = 6, tiles = 6 },
  { name = "field", segments = 126, tiles = 71 },
  { name = "road", segments = 62, tiles = 45 },
}, "summary kinds")
t:same(sum.attrs, { { name = "pennant", total = 10 } }, "summary attrs")
t:eq(tiles.format_summary(sum),
  "base: 72 tiles, 24 types; kinds: city 49, cloister 6, field 126, road 62; attrs: pennant 10",
  "format_summary")

t:done()
