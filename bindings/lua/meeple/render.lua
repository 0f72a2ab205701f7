-- meeple.render: SVG pictures of tile definitions (pure Lua, no deps).
--
--   local tiles = require "meeple.tiles"
--   local render = require "meeple.render"
--   local list = assert(tiles.load_resolved("tiles/base.tiles"))
--   io.open("base.svg", "w"):write(render.contact_sheet(list, {title = "base"}))
--
-- Each tile is drawn from its definition alone, so a new tile or a new
-- kind shows up without any artwork:
--  * a segment that covers edge ports is the area of the tile its ports
--    occupy: each port is the triangle between the tile centre and its third
--    of a side (half-side ports are the outer thirds, the centre port the
--    middle third); contiguous ports are drawn as one polygon;
--  * linear kinds (road, river) are lines from each port's edge midpoint to
--    the centre, or to the inner segment they touch;
--  * inner segments (port C) are small shapes near the centre: a building
--    for a cloister, a pond for a lake, a disc for anything else;
--  * layers, bottom to top: fields, other areas, lakes, cities, rivers,
--    roads, inner shapes, pennants;
--  * a kind the renderer does not know gets a colour hashed from its name
--    (FNV-1a), and every kind used gets a legend entry.
-- Output is deterministic: same tiles, same bytes.

local string, table, math = string, table, math
local ipairs, pairs, type, tostring = ipairs, pairs, type, tostring

local sfmt, sgsub, sbyte = string.format, string.gsub, string.byte
local tconcat, tsort = table.concat, table.sort
local floor, pi, cos, sin, abs, huge = math.floor, math.pi, math.cos, math.sin, math.abs, math.huge

local _ENV = nil -- no more global accesses after this point

local R = {}

local PORT_NAMES = { [0] = "NNW", "N", "NNE", "ENE", "E", "ESE",
                     "SSE", "S", "SSW", "WSW", "W", "WNW" }

---@class meeple.KindStyle
---@field shape "area"|"line"|"building"|"pond"|"disc"  drawing of edge segments ("area"/"line"); inner shape
---@field fill string     colour
---@field layer integer   drawing order (lower first)
---@field inner string|nil shape for inner segments (default "disc")

--- Built-in styles; opts.styles[kind] overrides or adds entries.
R.STYLES = {
  field    = { shape = "area", fill = "#9ccc65", layer = 1 },
  lake     = { shape = "area", fill = "#4a90d9", layer = 3, inner = "pond" },
  city     = { shape = "area", fill = "#a1734c", layer = 4 },
  river    = { shape = "line", fill = "#2f7fd8", layer = 5, width = 0.11 },
  road     = { shape = "line", fill = "#ffffff", layer = 6, width = 0.08, outline = "#5a5a5a" },
  cloister = { shape = "area", fill = "#f3e3c3", layer = 7, inner = "building" },
}
local UNKNOWN_LAYER = 2
local INNER_LAYER = 8

-- {======================================================================
-- Small helpers
-- =======================================================================

local function num(x)
  if abs(x) < 0.005 then return "0" end
  local s = sfmt("%.2f", x)
  s = sgsub(s, "0+$", "")
  s = sgsub(s, "%.$", "")
  return s
end

local XML_ESC = { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
                  ['"'] = "&quot;", ["'"] = "&apos;" }
local function esc(s)
  s = sgsub(tostring(s), "[%z\1-\8\11\12\14-\31\127-\255]", "?")
  return (sgsub(s, "[&<>\"']", XML_ESC))
end

-- an XML NCName fragment: keeps letters, digits, '_', '.', '-'
local function ncname(s)
  return (sgsub(tostring(s), "[^%w_%.%-]", "_"))
end

--- FNV-1a 32-bit hash of a string.
local function fnv1a(s)
  local h = 2166136261
  for i = 1, #s do
    h = ((h ~ sbyte(s, i)) * 16777619) & 0xffffffff
  end
  return h
end

local function hsl_to_hex(h, s, l)
  local c = (1 - abs(2 * l - 1)) * s
  local hp = h / 60
  local x = c * (1 - abs(hp % 2 - 1))
  local r, g, b
  if hp < 1 then r, g, b = c, x, 0
  elseif hp < 2 then r, g, b = x, c, 0
  elseif hp < 3 then r, g, b = 0, c, x
  elseif hp < 4 then r, g, b = 0, x, c
  elseif hp < 5 then r, g, b = x, 0, c
  else r, g, b = c, 0, x end
  local m = l - c / 2
  local function byte(v) return floor((v + m) * 255 + 0.5) end
  return sfmt("#%02x%02x%02x", byte(r), byte(g), byte(b))
end

--- Deterministic colour for a kind name ("#rrggbb").
function R.kind_color(name)
  local h = fnv1a(name)
  local hue = h % 360
  local sat = 0.45 + ((h >> 9) % 25) / 100
  local light = 0.42 + ((h >> 17) % 16) / 100
  return hsl_to_hex(hue, sat, light)
end

local function style_of(kind, opts)
  local st = opts.styles and opts.styles[kind] or R.STYLES[kind]
  if st then return st, false end
  return { shape = "area", fill = R.kind_color(kind), layer = UNKNOWN_LAYER }, true
end

-- }======================================================================

-- {======================================================================
-- Geometry: a tile is the square [0,S]x[0,S], north up, y grows south.
-- The perimeter is measured in port units u in [0,12): port p spans
-- [p, p+1]; the corners are u = 0 (NW), 3 (NE), 6 (SE), 9 (SW).
-- =======================================================================

local SIDE_START = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }
local SIDE_END = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 0 } }

local function perimeter_point(u, S)
  u = u % 12
  local side = floor(u / 3)
  local t = (u - 3 * side) / 3
  local a, b = SIDE_START[side + 1], SIDE_END[side + 1]
  return (a[1] + (b[1] - a[1]) * t) * S, (a[2] + (b[2] - a[2]) * t) * S
end

-- Runs of cyclically contiguous ports: list of {first, length}.
local function port_runs(ports)
  local has = {}
  for _, p in ipairs(ports) do has[p] = true end
  local runs = {}
  for p = 0, 11 do
    if has[p] and not has[(p + 11) % 12] then
      local len = 0
      while has[(p + len) % 12] and len < 12 do len = len + 1 end
      runs[#runs + 1] = { p, len }
    end
  end
  return runs
end

local function points_attr(pts)
  local out = {}
  for i = 1, #pts, 2 do out[#out + 1] = num(pts[i]) .. "," .. num(pts[i + 1]) end
  return tconcat(out, " ")
end

-- Polygons (as point lists) covering the given ports.
local function area_polygons(ports, S)
  if #ports == 12 then return { { 0, 0, S, 0, S, S, 0, S } } end
  local polys = {}
  for _, run in ipairs(port_runs(ports)) do
    local a, len = run[1], run[2]
    local pts = { S / 2, S / 2 }
    local x, y = perimeter_point(a, S)
    pts[#pts + 1], pts[#pts + 2] = x, y
    for u = a + 1, a + len - 1 do
      if u % 3 == 0 then
        x, y = perimeter_point(u, S)
        pts[#pts + 1], pts[#pts + 2] = x, y
      end
    end
    x, y = perimeter_point(a + len, S)
    pts[#pts + 1], pts[#pts + 2] = x, y
    polys[#polys + 1] = pts
  end
  return polys
end

-- Centre of mass of the port triangles (for the pennant mark).
local function area_centroid(ports, S)
  local sx, sy = 0, 0
  for _, p in ipairs(ports) do
    local x1, y1 = perimeter_point(p, S)
    local x2, y2 = perimeter_point(p + 1, S)
    sx = sx + (S / 2 + x1 + x2) / 3
    sy = sy + (S / 2 + y1 + y2) / 3
  end
  return sx / #ports, sy / #ports
end

-- }======================================================================

-- {======================================================================
-- Drawing one tile
-- =======================================================================

local function attr_value(seg, name)
  for _, a in ipairs(seg.attrs or {}) do
    if a.name == name then return a.value end
  end
  return 0
end

local function describe_tile(t)
  local parts = {}
  for i, seg in ipairs(t.segments) do
    local ps = {}
    if seg.inner or #seg.ports == 0 then ps[1] = "C" end
    for _, p in ipairs(seg.ports) do ps[#ps + 1] = PORT_NAMES[p] or tostring(p) end
    local s = i .. ": " .. (seg.label and seg.label .. " = " or "") .. seg.kind .. " " .. tconcat(ps, " ")
    for _, a in ipairs(seg.attrs or {}) do
      s = s .. " " .. a.name .. (a.value ~= 1 and "=" .. a.value or "")
    end
    if seg.adjacent and #seg.adjacent > 0 then
      local adj = {}
      for j, n in ipairs(seg.adjacent) do adj[j] = tostring(n) end
      s = s .. " touches " .. tconcat(adj, ",")
    end
    parts[#parts + 1] = s
  end
  local tags = ""
  if t.tags and #t.tags > 0 then tags = " [" .. tconcat(t.tags, ", ") .. "]" end
  return t.id .. " x" .. (t.count or 1) .. tags .. "; " .. tconcat(parts, "; ")
end

local function building(out, x, y, S)
  local w, h = S * 0.22, S * 0.16
  out[#out + 1] = sfmt('<rect x="%s" y="%s" width="%s" height="%s" fill="#f3e3c3" stroke="#6d4c41" stroke-width="1"/>',
    num(x - w / 2), num(y - h / 2 + S * 0.03), num(w), num(h))
  out[#out + 1] = sfmt('<polygon points="%s" fill="#c0392b" stroke="#6d4c41" stroke-width="1"/>',
    points_attr { x - w / 2 - S * 0.03, y - h / 2 + S * 0.03, x, y - h / 2 - S * 0.1,
                  x + w / 2 + S * 0.03, y - h / 2 + S * 0.03 })
end

local function pennant(out, x, y, S, value)
  local w, h = S * 0.07, S * 0.09
  out[#out + 1] = sfmt('<polygon class="pennant" points="%s" fill="#1f4e9c" stroke="#ffffff" stroke-width="1"/>',
    points_attr { x - w, y - h, x + w, y - h, x + w, y, x, y + h, x - w, y })
  if value > 1 then
    out[#out + 1] = sfmt('<text x="%s" y="%s" font-size="%s" fill="#ffffff" text-anchor="middle">%d</text>',
      num(x), num(y + h * 0.2), num(S * 0.09), value)
  end
end

-- Returns the SVG of one tile (origin at its top-left corner) and the
-- kinds it uses (name -> true).
local function draw_tile(t, S, opts)
  local segs = t.segments or {}
  local used = {}
  -- background: the lowest area kind on the tile fills what lines leave
  local bg, bg_layer = "#eeeeee", huge
  for _, seg in ipairs(segs) do
    local st = style_of(seg.kind, opts)
    if st.shape ~= "line" and #seg.ports > 0 and st.layer < bg_layer then
      bg, bg_layer = st.fill, st.layer
    end
  end
  -- inner segment positions
  local inner_idx = {}
  for i, seg in ipairs(segs) do
    if seg.inner or #seg.ports == 0 then inner_idx[#inner_idx + 1] = i end
  end
  local inner_pos = {}
  for k, i in ipairs(inner_idx) do
    if #inner_idx == 1 then
      inner_pos[i] = { S / 2, S / 2 }
    else
      local ang = 2 * pi * (k - 1) / #inner_idx - pi / 2
      inner_pos[i] = { S / 2 + S * 0.2 * cos(ang), S / 2 + S * 0.2 * sin(ang) }
    end
  end
  -- single-port linear segments per kind (to mark junctions)
  local dead_ends = {}
  -- collect drawing items with layers
  local items = {}
  local function add(layer, order, svg)
    items[#items + 1] = { layer, order, svg }
  end
  for i, seg in ipairs(segs) do
    local st, unknown = style_of(seg.kind, opts)
    used[seg.kind] = true
    local cls = sfmt('class="segment kind-%s" data-segment="%d"', ncname(seg.kind), i)
    local out = {}
    if inner_pos[i] then
      local x, y = inner_pos[i][1], inner_pos[i][2]
      local shape = st.inner or "disc"
      if shape == "building" then
        building(out, x, y, S)
      elseif shape == "pond" then
        out[#out + 1] = sfmt('<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" stroke="#1b4f8a" stroke-width="1"/>',
          num(x), num(y), num(S * 0.16), num(S * 0.11), st.fill)
      else
        out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#333333" stroke-width="1"/>',
          num(x), num(y), num(S * 0.1), st.fill)
      end
      add(INNER_LAYER, i, sfmt('<g %s>%s</g>', cls, tconcat(out)))
    elseif st.shape == "line" then
      -- hub: the inner segment this one touches, else the centre
      local hx, hy = S / 2, S / 2
      for _, j in ipairs(seg.adjacent or {}) do
        if inner_pos[j] then hx, hy = inner_pos[j][1], inner_pos[j][2]; break end
      end
      local w = (st.width or 0.08) * S
      for pass = 1, st.outline and 2 or 1 do
        local colour = (st.outline and pass == 1) and st.outline or st.fill
        local lw = (st.outline and pass == 1) and w + 2 or w
        for _, p in ipairs(seg.ports) do
          local x, y = perimeter_point(p + 0.5, S)
          out[#out + 1] = sfmt('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>',
            num(x), num(y), num(hx), num(hy), colour, num(lw))
        end
        if #seg.ports > 1 then -- round the joint at the hub
          out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="%s"/>',
            num(hx), num(hy), num(lw / 2), colour)
        end
      end
      if #seg.ports == 1 and hx == S / 2 and hy == S / 2 then
        dead_ends[seg.kind] = (dead_ends[seg.kind] or 0) + 1
      end
      add(st.layer, i, sfmt('<g %s>%s</g>', cls, tconcat(out)))
    else
      for _, poly in ipairs(area_polygons(seg.ports, S)) do
        if unknown then -- a dashed outline makes a new kind stand out
          out[#out + 1] = sfmt('<polygon points="%s" fill="%s" stroke="#222222" stroke-width="1" stroke-dasharray="3 2"/>',
            points_attr(poly), st.fill)
        else
          out[#out + 1] = sfmt('<polygon points="%s" fill="%s" stroke="%s" stroke-width="0.6" stroke-linejoin="round"/>',
            points_attr(poly), st.fill, st.fill)
        end
      end
      add(st.layer, i, sfmt('<g %s>%s</g>', cls, tconcat(out)))
      local pv = attr_value(seg, "pennant")
      if pv > 0 then
        -- off the centre, towards the area's own sides, inside the tile
        local cx, cy = area_centroid(seg.ports, S)
        local function push(v)
          v = v + (v - S / 2) * 0.8
          if v < S * 0.14 then v = S * 0.14 elseif v > S * 0.86 then v = S * 0.86 end
          return v
        end
        cx, cy = push(cx), push(cy)
        local po = {}
        pennant(po, cx, cy, S, pv)
        add(INNER_LAYER + 1, i, tconcat(po))
      end
    end
  end
  -- a junction mark where two or more dead-end lines meet at the centre
  local dk = {}
  for k in pairs(dead_ends) do dk[#dk + 1] = k end
  tsort(dk)
  for _, k in ipairs(dk) do
    if dead_ends[k] >= 2 then
      local st = style_of(k, opts)
      local r = S * 0.07
      add(st.layer, 1000, sfmt('<rect class="junction" x="%s" y="%s" width="%s" height="%s" fill="#6d4c41"/>',
        num(S / 2 - r), num(S / 2 - r), num(2 * r), num(2 * r)))
    elseif dead_ends[k] == 1 then
      local st = style_of(k, opts)
      add(st.layer, 1000, sfmt('<circle class="end" cx="%s" cy="%s" r="%s" fill="%s" stroke="#5a5a5a" stroke-width="1"/>',
        num(S / 2), num(S / 2), num(S * 0.05), st.fill))
    end
  end
  tsort(items, function(a, b)
    if a[1] ~= b[1] then return a[1] < b[1] end
    return a[2] < b[2]
  end)
  local out = { sfmt('<rect class="tile-bg" width="%s" height="%s" fill="%s"/>', num(S), num(S), bg) }
  for _, it in ipairs(items) do out[#out + 1] = it[3] end
  return tconcat(out, "\n"), used
end

-- }======================================================================

-- {======================================================================
-- Contact sheet
-- =======================================================================

--- Renders tile types in a grid, with the id and count under each tile
--- and a legend of the kinds used.
---@param tiles meeple.Tile[]|meeple.TileSet  a flat list, or a parsed set
---@param opts {size:number|nil, columns:integer|nil, title:string|nil, styles:table<string,meeple.KindStyle>|nil}|nil
---@return string svg
function R.contact_sheet(tiles, opts)
  opts = opts or {}
  if tiles.tiles then tiles = tiles.tiles end
  local S = opts.size or 96
  local cols = opts.columns or 8
  local gap = floor(S / 6)
  local label_h = floor(S / 5) + 4
  local margin = gap
  local title_h = opts.title and 28 or 0
  local n = #tiles
  local rows = n > 0 and floor((n + cols - 1) / cols) or 0
  local ncols = n < cols and n or cols
  local grid_w = ncols * S + (ncols > 0 and (ncols - 1) * gap or 0)
  local cell_h = S + label_h + gap

  local body, used = {}, {}
  for i, t in ipairs(tiles) do
    local col, row = (i - 1) % cols, floor((i - 1) / cols)
    local x = margin + col * (S + gap)
    local y = margin + title_h + row * cell_h
    local svg, u = draw_tile(t, S, opts)
    for k in pairs(u) do used[k] = true end
    body[#body + 1] = sfmt('<g class="tile" id="tile-%s" transform="translate(%s,%s)">',
      ncname(t.id), num(x), num(y))
    body[#body + 1] = "<title>" .. esc(describe_tile(t)) .. "</title>"
    body[#body + 1] = svg
    body[#body + 1] = sfmt('<rect class="tile-border" width="%s" height="%s" fill="none" stroke="#333333" stroke-width="1"/>',
      num(S), num(S))
    body[#body + 1] = sfmt('<text class="tile-label" x="%s" y="%s" font-size="%s" text-anchor="middle">%s x%d</text>',
      num(S / 2), num(S + label_h - 6), num(floor(S / 7)), esc(t.id), t.count or 1)
    body[#body + 1] = "</g>"
  end

  -- legend: every kind used, sorted; unknown kinds say so
  local kinds = {}
  for k in pairs(used) do kinds[#kinds + 1] = k end
  tsort(kinds)
  local has_pennant = false
  for _, t in ipairs(tiles) do
    for _, seg in ipairs(t.segments or {}) do
      if attr_value(seg, "pennant") > 0 then has_pennant = true end
    end
  end
  local legend = {}
  local ly = margin + title_h + rows * cell_h
  local lx = margin
  local entry_w = 150
  local per_row = grid_w >= entry_w and floor((grid_w + 10) / entry_w) or 1
  local entries = 0
  local function entry(id, swatch, text)
    local ex = lx + (entries % per_row) * entry_w
    local ey = ly + 20 + floor(entries / per_row) * 22
    legend[#legend + 1] = sfmt('<g class="legend-entry" id="legend-%s" transform="translate(%s,%s)">%s<text x="22" y="12" font-size="12">%s</text></g>',
      ncname(id), num(ex), num(ey), swatch, esc(text))
    entries = entries + 1
  end
  for _, k in ipairs(kinds) do
    local st, unknown = style_of(k, opts)
    local swatch
    if st.shape == "line" then
      swatch = sfmt('<rect width="16" height="16" fill="#9ccc65"/><line x1="0" y1="8" x2="16" y2="8" stroke="%s" stroke-width="4"/>',
        st.fill)
    else
      swatch = sfmt('<rect width="16" height="16" fill="%s" stroke="#222222" stroke-width="%s"%s/>', st.fill,
        unknown and "1" or "0.5", unknown and ' stroke-dasharray="3 2"' or "")
    end
    entry(k, swatch, unknown and (k .. " (new kind)") or k)
  end
  if has_pennant then
    entry("pennant", '<polygon points="2,1 14,1 14,9 8,15 2,9" fill="#1f4e9c"/>', "pennant")
  end
  local legend_rows = floor((entries + per_row - 1) / per_row)
  local width = margin * 2 + (grid_w > entry_w and grid_w or entry_w * (entries > 0 and 1 or 0))
  if width < 200 then width = 200 end
  local height = ly + (entries > 0 and (24 + legend_rows * 22) or 0) + margin

  local out = {}
  out[#out + 1] = '<?xml version="1.0" encoding="UTF-8"?>'
  out[#out + 1] = sfmt('<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif">',
    num(width), num(height), num(width), num(height))
  out[#out + 1] = "<title>" .. esc(opts.title or "tile contact sheet") .. "</title>"
  out[#out + 1] = sfmt('<rect width="%s" height="%s" fill="#ffffff"/>', num(width), num(height))
  if opts.title then
    out[#out + 1] = sfmt('<text class="sheet-title" x="%s" y="%s" font-size="18">%s</text>',
      num(margin), num(margin + 14), esc(opts.title))
  end
  for _, b in ipairs(body) do out[#out + 1] = b end
  if entries > 0 then
    out[#out + 1] = '<g class="legend">'
    out[#out + 1] = sfmt('<text x="%s" y="%s" font-size="13" font-weight="bold">Legend</text>', num(lx), num(ly + 12))
    for _, l in ipairs(legend) do out[#out + 1] = l end
    out[#out + 1] = "</g>"
  end
  out[#out + 1] = "</svg>"
  return tconcat(out, "\n") .. "\n"
end

--- The SVG fragment of a single tile (no <svg> wrapper), for reuse.
function R.tile_svg(tile, opts)
  opts = opts or {}
  return (draw_tile(tile, opts.size or 96, opts))
end

-- A played board as SVG: tiles drawn from their definitions, figures as discs
-- in player colours at their spots, and the score table.
local COLOURS = { "#d32f2f", "#1976d2", "#388e3c", "#fbc02d", "#7b1fa2", "#212121" }
local PORT_XY = {
  [0] = { .25, .08 }, { .5, .08 }, { .75, .08 }, { .92, .25 }, { .92, .5 }, { .92, .75 },
  { .75, .92 }, { .5, .92 }, { .25, .92 }, { .08, .75 }, { .08, .5 }, { .08, .25 },
}

function R.board_svg(rs, g, players)
  local S = 64
  local defs = {}
  for _, entry in ipairs(rs.pool) do defs[entry.tile.id] = entry.tile end
  local tiles = g:tiles()
  local minx, miny, maxx, maxy = huge, huge, -huge, -huge
  for _, th in ipairs(tiles) do
    local t = th:info()
    if t.x < minx then minx = t.x end
    if t.y < miny then miny = t.y end
    if t.x > maxx then maxx = t.x end
    if t.y > maxy then maxy = t.y end
  end
  if #tiles == 0 then minx, miny, maxx, maxy = 0, 0, 0, 0 end
  local pad = 16
  local table_h = 24 + 18 * players
  local w = (maxx - minx + 1) * S + 2 * pad
  local h = (maxy - miny + 1) * S + 2 * pad + table_h
  if w < 260 then w = 260 end
  local out = {
    '<?xml version="1.0" encoding="UTF-8"?>',
    ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">'):format(w, h, w, h),
    ('<rect width="%d" height="%d" fill="#f5f1e6"/>'):format(w, h),
  }
  for _, th in ipairs(tiles) do
    local t = th:info()
    local px, py = pad + (t.x - minx) * S, pad + (t.y - miny) * S
    out[#out + 1] = ('<g class="tile" transform="translate(%d,%d) rotate(%d %d %d)">'):format(
      px, py, t.rot * 90, S // 2, S // 2)
    out[#out + 1] = R.tile_svg(defs[t.id], { size = S })
    out[#out + 1] = ('<rect width="%d" height="%d" fill="none" stroke="#555" stroke-width="0.5"/></g>'):format(S, S)
  end
  for _, fig in ipairs(g:figures()) do
    local info = fig:info()
    if info.at.feature and info.owner and info.owner > 0 then
      local spot = info.at.feature:spot()
      local t = spot.tile:info()
      local fx, fy = .5, .5
      if #spot.ports > 0 then
        fx, fy = 0, 0
        for _, p in ipairs(spot.ports) do fx, fy = fx + PORT_XY[p][1], fy + PORT_XY[p][2] end
        fx, fy = fx / #spot.ports, fy / #spot.ports
        fx, fy = .5 + (fx - .5) * .8, .5 + (fy - .5) * .8
      end
      local px, py = pad + (t.x - minx + fx) * S, pad + (t.y - miny + fy) * S
      out[#out + 1] = ('<circle class="figure" cx="%.1f" cy="%.1f" r="%d" fill="%s" stroke="#000" stroke-width="1"><title>player %d %s</title></circle>'):format(
        px, py, S // 9, COLOURS[(info.owner - 1) % #COLOURS + 1], info.owner, info.kind)
    end
  end
  local ty = h - table_h + 8
  out[#out + 1] = ('<text x="%d" y="%d" font-size="13" font-weight="bold">Scores</text>'):format(pad, ty + 6)
  for p, s in ipairs(g:scores()) do
    out[#out + 1] = ('<g class="score"><circle cx="%d" cy="%d" r="5" fill="%s"/><text x="%d" y="%d" font-size="12">player %d: %d</text></g>'):format(
      pad + 5, ty + 8 + 18 * p - 4, COLOURS[(p - 1) % #COLOURS + 1], pad + 16, ty + 8 + 18 * p, p, s)
  end
  out[#out + 1] = "</svg>"
  return tconcat(out, "\n") .. "\n"
end

return R
