-- SVG contact sheet: well-formed XML (xmllint), one group per tile type,
-- legend entries for new kinds, deterministic output.
local tiles = require "meeple.tiles"
local render = require "meeple.render"
local testlib = require "testlib"
local t = testlib.new("tiles render")

local function count(s, pat)
  local n = 0
  for _ in s:gmatch(pat) do n = n + 1 end
  return n
end

local function xmllint_ok(svg)
  local path = os.tmpname()
  local f = assert(io.open(path, "wb"))
  f:write(svg)
  f:close()
  local p = io.popen("xmllint --noout '" .. path .. "' 2>&1; echo rc=$?")
  local out = p:read("a")
  p:close()
  os.remove(path)
  local rc = tonumber(out:match("rc=(%d+)%s*$"))
  return rc == 0, out
end

-- {== the base set ========================================================
local list, set = tiles.load_resolved(testlib.root() .. "/tiles/base.tiles")
if not list then t:fail("base.tiles: " .. tostring(set)); t:done() end

local svg = render.contact_sheet(list, { title = "Carcassonne base" })
local ok, out = xmllint_ok(svg)
t:ok(ok, "xmllint --noout on the base sheet: " .. out)
t:eq(count(svg, 'class="tile"'), 24, "24 tile groups")
for _, tl in ipairs(list) do
  t:ok(svg:find('<g class="tile" id="tile-' .. tl.id .. '"', 1, true), "group for " .. tl.id)
  t:ok(svg:find(">" .. tl.id .. " x" .. tl.count .. "</text>", 1, true), "label for " .. tl.id)
end
t:eq(count(svg, 'class="pennant"'), 6, "a pennant mark on the 6 pennant types")
t:eq(count(svg, 'class="segment kind%-cloister"'), 2, "2 cloister buildings")
for _, k in ipairs { "city", "cloister", "field", "road", "pennant" } do
  t:ok(svg:find('id="legend-' .. k .. '"', 1, true), "legend entry " .. k)
end
t:ok(not svg:find("(new kind)", 1, true), "no unknown kinds in the base set")
t:eq(render.contact_sheet(list, { title = "Carcassonne base" }), svg, "deterministic output")
t:ok(svg:match("^<%?xml") ~= nil, "XML declaration")
t:ok(not svg:find("%f[%a]nan%f[%A]") and not svg:find("%f[%a]inf%f[%A]"), "no NaN/inf coordinates")

-- a parsed set can be rendered directly too
local s2 = render.contact_sheet(set, { columns = 6, size = 60 })
t:eq(count(s2, 'class="tile"'), 24, "rendering a set")
t:ok(xmllint_ok(s2), "xmllint on the 6-column sheet")

-- {== a fan set with new kinds ==========================================
local fan = assert(tiles.parse([[
set fan "Fan & <Friends>"
tile L1 x2 [odd]
  lake2 N*
  l = lake C touches river
  river S touches l
  field E* W* SSE SSW touches lake2
tile R-D
  river N S
  field NNE E* SSE
  field SSW W* NNW
  shrine C
]], "fan.tiles"))
local fsvg = render.contact_sheet(fan.tiles, { title = fan.title })
ok, out = xmllint_ok(fsvg)
t:ok(ok, "xmllint on the fan sheet: " .. out)
t:eq(count(fsvg, 'class="tile"'), 2, "2 tile groups")
t:ok(fsvg:find('id="legend-lake2"', 1, true), "legend entry for lake2")
t:ok(fsvg:find("lake2 (new kind)", 1, true), "lake2 marked as a new kind")
t:ok(fsvg:find("shrine (new kind)", 1, true), "shrine marked as a new kind")
t:ok(not fsvg:find("river (new kind)", 1, true), "river is a known kind")
t:ok(fsvg:find("Fan &amp; &lt;Friends&gt;", 1, true), "title escaped")
local c1, c2 = render.kind_color("lake2"), render.kind_color("lake2")
t:eq(c1, c2, "kind colour is deterministic")
t:ok(c1:match("^#%x%x%x%x%x%x$") ~= nil, "kind colour is #rrggbb")
t:ok(render.kind_color("lake2") ~= render.kind_color("lake3"), "different names, different colours")
t:ok(fsvg:find('fill="' .. c1 .. '"', 1, true), "lake2 drawn in its colour")

-- {== edge cases ============================================================
local empty = render.contact_sheet({})
t:ok(xmllint_ok(empty), "empty sheet is well-formed")
t:eq(count(empty, 'class="tile"'), 0, "empty sheet has no tiles")
local odd = assert(tiles.parse("tile a.b-c\n  field NNW\n  city N NNE ENE E ESE SSE S SSW WSW W WNW\n", "odd.tiles"))
local osvg = render.contact_sheet(odd.tiles, { styles = { city = { shape = "area", fill = "#000000", layer = 4 } } })
t:ok(xmllint_ok(osvg), "single-port area is well-formed")
t:ok(osvg:find('id="tile-a.b-c"', 1, true), "dotted id kept")
t:ok(osvg:find('fill="#000000"', 1, true), "opts.styles override")

-- {== The Wind Roses: every rose tile prints its mark (TAG_MARKS) =========
local wlist = tiles.load_resolved(testlib.root() .. "/tiles/wind_rose.tiles")
local wsvg = render.contact_sheet(wlist, { title = "The Wind Roses" })
t:ok(xmllint_ok(wsvg), "the wind rose sheet is well-formed")
t:eq(count(wsvg, 'class="tag tag%-rose"'), 6, "a rose on each of the 6 tiles")
t:eq(count(wsvg, 'fill="#ffb300"'), 4, "the 4 quarter roses fill their section")

-- {== The Goldmines: the gold logo on each of the 8 tiles; Darmstadt's badges
local glist = tiles.load_resolved(testlib.root() .. "/tiles/gold_mines.tiles")
local gsvg = render.contact_sheet(glist, { title = "The Goldmines" })
t:ok(xmllint_ok(gsvg), "the gold mines sheet is well-formed")
t:eq(count(gsvg, 'class="tag tag%-gold"'), 8, "a gold logo on each of the 8 tiles")
local dsvg = render.contact_sheet(tiles.load_resolved(testlib.root() .. "/tiles/darmstadt.tiles"), {})
t:eq(count(dsvg, '>Ch<'), 3, "a church badge on each church, and one in the legend")

-- {== The Watchtowers: every tower tile prints its tower and its symbol ====
local tlist = tiles.load_resolved(testlib.root() .. "/tiles/watchtowers.tiles")
local tsvg = render.contact_sheet(tlist, { title = "The Watchtowers" })
t:ok(xmllint_ok(tsvg), "the watchtowers sheet is well-formed")
t:eq(count(tsvg, 'class="tag tag%-watchtower"'), 12, "a tower on each of the 12 tiles")
t:eq(count(tsvg, '>M</text>'), 2, "the 2 meeple towers show M")
t:eq(count(tsvg, 'class="attr attr%-watch'), 0, "the tower attributes print no badge")

-- {== The Flier: every flier tile prints its wings and arrow ==============
local flist = tiles.load_resolved(testlib.root() .. "/tiles/flying_machines.tiles")
local fsvg = render.contact_sheet(flist, { title = "The Flier" })
t:ok(xmllint_ok(fsvg), "the flier sheet is well-formed")
t:eq(count(fsvg, 'class="tag tag%-flier"'), 8, "a flying machine on each of the 8 tiles")

-- {== The Russian Promos: the hut and the Vodyanoy's pond ==================
local rlist = tiles.load_resolved(testlib.root() .. "/tiles/russian_promos.tiles")
local rsvg = render.contact_sheet(rlist, { title = "Russian Promos" })
t:ok(xmllint_ok(rsvg), "the russian promos sheet is well-formed")
t:eq(count(rsvg, 'class="tag tag%-yaga"'), 1, "Baba Yaga's hut drawn")
t:eq(count(rsvg, 'class="tag tag%-vodyanoy"'), 1, "the Vodyanoy's pond drawn")
t:eq(count(rsvg, 'class="attr attr%-yaga'), 0, "the hut's attribute prints no badge")
-- {== Siege: every besieged tile prints the besiegers' camp, no badge =====
local slist = tiles.load_resolved(testlib.root() .. "/tiles/siege.tiles")
local ssvg = render.contact_sheet(slist, { title = "The Besiegers" })
t:ok(xmllint_ok(ssvg), "the siege sheet is well-formed")
t:eq(count(ssvg, 'class="tag tag%-besieged"'), 6, "a camp on each of the 6 tiles")
t:eq(count(ssvg, '>Be<'), 0, "no badge for the besieged attribute")

t:done()
