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
--    middle third); contiguous ports are drawn as one polygon; a walled
--    kind (city, town) on one side only is a cap that stops short of the
--    centre, with its wall drawn, so separate caps look separate; runs of
--    one segment on several sides join through a waist at the centre;
--  * linear kinds (road, river) are lines from each port's edge midpoint to
--    the centre, or to the inner segment they touch;
--  * inner segments (port C) are small shapes near the centre: a building
--    for a cloister, a pond for a lake, a disc for anything else;
--  * layers, bottom to top: fields, other areas, lakes, cities, rivers,
--    roads, inner shapes, then what a tile prints (pennant shields, white
--    badges for goods and other attributes: never a player's colour);
--  * a kind the renderer does not know gets a colour hashed from its name
--    (FNV-1a), and every kind used gets a legend entry.
-- Output is deterministic: same tiles, same bytes.

local string, table, math = string, table, math
local ipairs, pairs, type, tostring, setmetatable = ipairs, pairs, type, tostring, setmetatable

local sfmt, sgsub, sbyte = string.format, string.gsub, string.byte
local tconcat, tsort = table.concat, table.sort
local floor, pi, cos, sin, abs, huge = math.floor, math.pi, math.cos, math.sin, math.abs, math.huge

local require = require
local _ENV = nil -- no more global accesses after this point

-- meeple.render_board draws with this module: load it on first use
local function require_board() return require "meeple.render_board" end
local walls = require "meeple.render_walls"
local icons = require "meeple.render_icons"

local R = {}

local PORT_NAMES = { [0] = "NNW", "N", "NNE", "ENE", "E", "ESE",
                     "SSE", "S", "SSW", "WSW", "W", "WNW" }

---@class meeple.KindStyle
---@field shape "area"|"line"|"building"|"pond"|"disc"  drawing of edge segments ("area"/"line"); inner shape
---@field fill string     colour
---@field layer integer   drawing order (lower first)
---@field inner string|nil shape for inner segments (default "disc")
---@field walls string|nil colour of the wall drawn where the area meets the rest of the tile

--- Built-in styles; opts.styles[kind] overrides or adds entries.
R.STYLES = {
  field      = { shape = "area", fill = "#9ccc65", layer = 1 },
  plains     = { shape = "area", fill = "#c5d86d", layer = 1 },
  grassland  = { shape = "area", fill = "#aed581", layer = 1 },
  sea        = { shape = "area", fill = "#6fa8dc", layer = 2 },
  forest     = { shape = "area", fill = "#2e7d32", layer = 2 },
  abbey_side = { shape = "area", fill = "#d7ccc8", layer = 2 },
  lake       = { shape = "area", fill = "#4a90d9", layer = 3, inner = "pond" },
  city       = { shape = "area", fill = "#a1734c", layer = 4, walls = "#4e342e" },
  town       = { shape = "area", fill = "#e0a060", layer = 4, walls = "#8d4f1c" },
  river      = { shape = "line", fill = "#2f7fd8", layer = 5, width = 0.11, ends = "pond" },
  road       = { shape = "line", fill = "#ffffff", layer = 6, width = 0.08, outline = "#5a5a5a" },
  trail      = { shape = "line", fill = "#e8c98f", layer = 6, width = 0.08, outline = "#6d4c41" },
  cloister   = { shape = "area", fill = "#f3e3c3", layer = 7, inner = "building" },
  farm       = { shape = "area", fill = "#fff3cd", layer = 7, inner = "farmhouse" },
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
-- Drawing one tile. A tile's layout (where each segment is drawn, where
-- a figure or a badge on it stands) is computed once per tile type and
-- shared by the tile picture, figure placement and highlights.
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
R.describe_tile = describe_tile

local function path_of(pts, close)
  local out = { "M", num(pts[1]), num(pts[2]) }
  for i = 3, #pts, 2 do out[#out + 1] = "L" .. num(pts[i]) .. " " .. num(pts[i + 1]) end
  if close then out[#out + 1] = "Z" end
  return tconcat(out, " ")
end

-- The outline of an area run and, for walled kinds, the wall: the part
-- of the outline inside the tile. A run on one side is a cap that stops
-- short of the centre, so two caps on one tile never look joined.
local function run_points(a, len, S)
  local pts = {}
  local x, y = perimeter_point(a, S)
  pts[1], pts[2] = x, y
  for u = a + 1, a + len - 1 do
    if u % 3 == 0 then
      x, y = perimeter_point(u, S)
      pts[#pts + 1], pts[#pts + 2] = x, y
    end
  end
  x, y = perimeter_point(a + len, S)
  pts[#pts + 1], pts[#pts + 2] = x, y
  return pts
end

local function cap_shape(a, len, S)
  local pts = run_points(a, len, S)
  local x0, y0, x1, y1 = pts[1], pts[2], pts[#pts - 1], pts[#pts]
  local mx, my = (x0 + x1) / 2, (y0 + y1) / 2
  local k = 0.3 * len
  local cx, cy = mx + (S / 2 - mx) * k, my + (S / 2 - my) * k
  local wall = sfmt("M %s %s Q %s %s %s %s", num(x1), num(y1), num(cx), num(cy), num(x0), num(y0))
  local d = path_of(pts, false) .. " Q " .. num(cx) .. " " .. num(cy) .. " " .. num(x0) .. " " .. num(y0) .. " Z"
  -- the anchor: inside the cap, halfway between the side and the wall's apex
  local ax, ay = (mx + (mx + (cx - mx) / 2)) / 2, (my + (my + (cy - my) / 2)) / 2
  return d, wall, ax + (S / 2 - ax) * 0.15, ay + (S / 2 - ay) * 0.15
end

-- An area segment: {d = path, wall = path or nil}, and its anchor point.
local function area_shape(ports, S, walled)
  if #ports == 12 then return { d = path_of({ 0, 0, S, 0, S, S, 0, S }, true) }, S / 2, S / 2 end
  local runs = port_runs(ports)
  if walled and #runs == 1 and floor(runs[1][1] / 3) == floor((runs[1][1] + runs[1][2] - 1) / 3) then
    local d, wall, ax, ay = cap_shape(runs[1][1], runs[1][2], S)
    return { d = d, wall = wall }, ax, ay
  end
  -- runs joined through the middle: between two runs the outline dips to
  -- a waist point near the centre (the centre itself for a single run)
  local pts, walls = {}, {}
  for k, run in ipairs(runs) do
    local rp = run_points(run[1], run[2], S)
    for _, v in ipairs(rp) do pts[#pts + 1] = v end
    local nxt = runs[k % #runs + 1]
    local gap_mid = (run[1] + run[2] + ((nxt[1] - run[1] - run[2]) % 12) / 2)
    local wx, wy = S / 2, S / 2
    if #runs > 1 then
      local gx, gy = perimeter_point(gap_mid, S)
      local dx, dy = gx - S / 2, gy - S / 2
      local len = (dx * dx + dy * dy) ^ 0.5
      wx, wy = S / 2 + dx / len * S * 0.17, S / 2 + dy / len * S * 0.17
    end
    local nx, ny = perimeter_point(nxt[1], S)
    walls[#walls + 1] = path_of({ rp[#rp - 1], rp[#rp], wx, wy, nx, ny }, false)
    pts[#pts + 1], pts[#pts + 2] = wx, wy
  end
  local ax, ay = area_centroid(ports, S)
  local function push(v)
    v = v + (v - S / 2) * 0.5
    if v < S * 0.18 then v = S * 0.18 elseif v > S * 0.82 then v = S * 0.82 end
    return v
  end
  if #runs == 1 then ax, ay = push(ax), push(ay) else ax, ay = S / 2, S / 2 end
  return { d = path_of(pts, true), wall = walled and tconcat(walls, " ") or nil }, ax, ay
end

local function inner_positions(segs, S, plan)
  local inner_idx, pos = {}, {}
  for i, seg in ipairs(segs) do
    if (seg.inner or #seg.ports == 0) and not (plan and plan[i]) then inner_idx[#inner_idx + 1] = i end
  end
  for k, i in ipairs(inner_idx) do
    if #inner_idx == 1 then
      pos[i] = { S / 2, S / 2 }
    else
      local ang = 2 * pi * (k - 1) / #inner_idx - pi / 2
      pos[i] = { S / 2 + S * 0.2 * cos(ang), S / 2 + S * 0.2 * sin(ang) }
    end
  end
  return pos
end

local function circle_path(x, y, r)
  return sfmt("M %s %s a %s %s 0 1 0 %s 0 a %s %s 0 1 0 %s 0", num(x - r), num(y), num(r), num(r),
    num(2 * r), num(r), num(r), num(-2 * r))
end

-- meeple.render_walls' helpers
local GEOMETRY = { num = num, perimeter_point = perimeter_point, path_of = path_of, port_runs = port_runs }

-- Per segment: how it is drawn (kind "inner" | "line" | "area" | "gap",
-- with a path), where a figure on it stands (fx, fy) and where badges go
-- (bx, by). A "gap" is a field enclosed by walled areas: the background
-- left between them (meeple.render_walls); layout.extra: drawings that
-- belong to no one segment, {layer, svg}.
local function tile_layout(t, S, opts)
  local segs = t.segments or {}
  local plan, extra = walls.plan(segs, S, function(kind) return (style_of(kind, opts)) end, GEOMETRY)
  local inner_pos = inner_positions(segs, S, plan)
  local layout = { extra = extra or {} }
  for i, seg in ipairs(segs) do
    local st = style_of(seg.kind, opts)
    local L = { style = st }
    local planned = plan and plan[i]
    if planned and planned.gap then
      local x, y = planned.x, planned.y
      L.kind, L.x, L.y, L.fx, L.fy = "gap", x, y, x, y
      L.d = circle_path(x, y, S * 0.12)
      L.bx, L.by = x - S * 0.14, y - S * 0.12
    elseif inner_pos[i] then
      local x, y = inner_pos[i][1], inner_pos[i][2]
      L.kind, L.x, L.y = "inner", x, y
      L.d = circle_path(x, y, S * 0.14)
      -- a figure stands beside the building, never on it
      L.fx, L.fy, L.bx, L.by = x + S * 0.16, y + S * 0.12, x - S * 0.16, y - S * 0.16
    elseif st.shape == "line" then
      local hx, hy = S / 2, S / 2
      for _, j in ipairs(seg.adjacent or {}) do
        if inner_pos[j] then hx, hy = inner_pos[j][1], inner_pos[j][2]; break end
      end
      local parts = {}
      for _, p in ipairs(seg.ports) do
        local x, y = perimeter_point(p + 0.5, S)
        parts[#parts + 1] = sfmt("M %s %s L %s %s", num(x), num(y), num(hx), num(hy))
      end
      L.kind, L.d, L.hx, L.hy = "line", tconcat(parts, " "), hx, hy
      local x, y = perimeter_point((seg.ports[1] or 0) + 0.5, S)
      L.fx, L.fy = x + (hx - x) * 0.45, y + (hy - y) * 0.45
      L.bx, L.by = x + (hx - x) * 0.75, y + (hy - y) * 0.75
    else
      local shape, ax, ay
      if planned then shape, ax, ay = planned, planned.fx, planned.fy
      else shape, ax, ay = area_shape(seg.ports, S, st.walls ~= nil) end
      L.kind, L.d, L.wall, L.fx, L.fy = "area", shape.d, shape.wall, ax, ay
      L.bx, L.by = ax + (ax < S / 2 and S * 0.14 or -S * 0.14), ay + (ay < S / 2 and S * 0.1 or -S * 0.1)
    end
    layout[i] = L
  end
  return layout
end

local layout_cache = setmetatable({}, { __mode = "k" })
--- The layout of a tile type at size S (cached): per segment, its path
--- (`d`), the point a figure on it stands at (`fx`, `fy`), tile-local.
function R.layout(t, S, opts)
  local by_size = layout_cache[t]
  if not by_size then by_size = {}; layout_cache[t] = by_size end
  local key = S .. (opts and opts.styles and tostring(opts.styles) or "")
  if not by_size[key] then by_size[key] = tile_layout(t, S, opts or {}) end
  return by_size[key]
end

local function building(out, x, y, S)
  local w, h = S * 0.22, S * 0.16
  out[#out + 1] = sfmt('<rect x="%s" y="%s" width="%s" height="%s" fill="#f3e3c3" stroke="#6d4c41" stroke-width="1"/>',
    num(x - w / 2), num(y - h / 2 + S * 0.03), num(w), num(h))
  out[#out + 1] = sfmt('<polygon points="%s" fill="#c0392b" stroke="#6d4c41" stroke-width="1"/>',
    points_attr { x - w / 2 - S * 0.03, y - h / 2 + S * 0.03, x, y - h / 2 - S * 0.1,
                  x + w / 2 + S * 0.03, y - h / 2 + S * 0.03 })
end

local function farmhouse(out, x, y, S)
  local w, h = S * 0.24, S * 0.14
  out[#out + 1] = sfmt('<rect x="%s" y="%s" width="%s" height="%s" fill="#fff3cd" stroke="#6d4c41" stroke-width="1"/>',
    num(x - w / 2), num(y - h / 2 + S * 0.03), num(w), num(h))
  out[#out + 1] = sfmt('<polygon points="%s" fill="#8d6e63" stroke="#6d4c41" stroke-width="1"/>',
    points_attr { x - w / 2 - S * 0.02, y - h / 2 + S * 0.03, x - w / 4, y - h / 2 - S * 0.07,
                  x + w / 4, y - h / 2 - S * 0.07, x + w / 2 + S * 0.02, y - h / 2 + S * 0.03 })
end

-- Attributes a tile prints on a segment. Pennants are a shield; every
-- other attribute is a white badge with a short label, never in a
-- player's colour. `hide`: not drawn (derived values).
R.ATTRS = {
  pennant = { shape = "shield", label = "pennant" },
  wine = { abbr = "Wi", colour = "#7b1f3a" }, wheat = { abbr = "Gr", colour = "#9a6b00" },
  cloth = { abbr = "Cl", colour = "#1d4f91" },
  fish = { abbr = "Fi", colour = "#1565c0" }, lake_fish = { hide = true },
  menhir = { abbr = "Me", colour = "#455a64" }, mushrooms = { abbr = "Mu", colour = "#6d4c41" },
  mammoth = { abbr = "Ma", colour = "#5d4037" }, aurochs = { abbr = "Au", colour = "#4e342e" },
  deer = { abbr = "De", colour = "#8d6e63" }, tiger = { abbr = "Ti", colour = "#e65100" },
  logboat = { abbr = "Lb", colour = "#3e2723" }, raft = { abbr = "Ra", colour = "#3e2723" },
  hunting_trap = { abbr = "HT", colour = "#37474f" }, pit_trap = { abbr = "PT", colour = "#37474f" },
  wildfire = { abbr = "Wf", colour = "#bf360c" }, shaman = { abbr = "Sh", colour = "#4a148c" },
  post = { abbr = "TP", colour = "#4e342e", label = "trading post" }, flag = { abbr = "Fl", colour = "#b71c1c" },
  animal = { abbr = "An", colour = "#33691e" }, princess = { abbr = "Pr", colour = "#ad1457" },
  -- Inns & Cathedrals: drawn as buildings, not badges, so that they read
  -- at the board's fit zoom where a badge's letters do not
  inn = { shape = "inn", label = "inn" }, cathedral = { shape = "cathedral", label = "cathedral" },
  -- Bridges, Castles and Bazaars: a bridge is printed on its bridged tile;
  -- a castle is a segment edit made in play (`runtime`: drawn from the
  -- game, render_board.lua's B.runtime_marks), no_castle is a tile fact
  bridge = { shape = "bridge", label = "bridge" }, castle = { shape = "castle", label = "castle", runtime = true },
  no_castle = { hide = true },
  -- Games Quarterly #11: the pig herd printed on a field tile
  pig_herd = { abbr = "PH", colour = "#ad1457", label = "pig herd" },
  -- The Labyrinth: its tile tag draws the maze (TAG_MARKS)
  labyrinth = { hide = true },
  -- The Goldmines: where bars ever lay (a script's mark, not printed);
  -- Little Buildings: the same for a building's tile
  gold_mark = { hide = true }, lb_value = { hide = true },
  -- Darmstadt: the Darmstadtium's city and the two churches
  darmstadtium = { abbr = "Da", colour = "#00695c", label = "Darmstadtium" },
  church = { abbr = "Ch", colour = "#6a1b9a", label = "church" },
  -- The Watchtowers: the tower's tile tag draws it (TAG_MARKS); the
  -- segment attributes only say which features reach it
  watch_meeple = { hide = true }, watch_pennant = { hide = true }, watch_road = { hide = true },
  watch_cloister = { hide = true }, watch_city = { hide = true },
  -- The Russian Promos: the hut is drawn by its tile tag (TAG_MARKS)
  yaga_hut = { hide = true },
  -- Siege: its tile tag draws the besiegers' camp (TAG_MARKS)
  besieged = { hide = true },
}

function R.attr_style(name)
  local st = R.ATTRS[name]
  if st then return st end
  local abbr = name:sub(1, 1):upper() .. name:sub(2, 2)
  return { abbr = abbr, colour = R.kind_color(name), new = true }
end

local function pennant(out, x, y, S, value)
  local w, h = S * 0.07, S * 0.09
  out[#out + 1] = sfmt('<polygon class="pennant" points="%s" fill="#ffffff" stroke="#1a237e" stroke-width="1.2"/>',
    points_attr { x - w, y - h, x + w, y - h, x + w, y, x, y + h, x - w, y })
  out[#out + 1] = sfmt('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#1a237e" stroke-width="%s"/>',
    num(x), num(y - h), num(x), num(y + h), num(S * 0.025))
  if value > 1 then
    out[#out + 1] = sfmt('<text x="%s" y="%s" font-size="%s" fill="#000000" text-anchor="middle">%d</text>',
      num(x + w * 1.6), num(y), num(S * 0.1), value)
  end
end
R.pennant = pennant

-- An inn: an orange house with a dark roof and a blue pond beside it, as
-- the tiles print it (a cloister's building is cream with a red roof), set
-- beside its road rather than on it; about a fifth of a tile wide.
local function inn_icon(out, x, y, S)
  x, y = x + S * 0.1, y - S * 0.09
  local w, h = S * 0.14, S * 0.1
  out[#out + 1] = sfmt('<g class="attr attr-inn"><ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="#42a5f5" stroke="#0d47a1" stroke-width="0.8"/>',
    num(x + w * 0.85), num(y + h * 0.45), num(S * 0.065), num(S * 0.04))
  out[#out + 1] = sfmt('<rect x="%s" y="%s" width="%s" height="%s" fill="#ffb74d" stroke="#3e2723" stroke-width="1"/>',
    num(x - w / 2), num(y - h / 2), num(w), num(h))
  out[#out + 1] = sfmt('<polygon points="%s" fill="#4e342e" stroke="#3e2723" stroke-width="1"/></g>',
    points_attr { x - w / 2 - S * 0.02, y - h / 2, x, y - h / 2 - S * 0.07, x + w / 2 + S * 0.02, y - h / 2 })
end

-- A cathedral: a grey nave with a tall spire and a cross, a third of a
-- tile wide, in its city.
local function cathedral_icon(out, x, y, S)
  local k = S * 1.5
  x = x + S * 0.08
  local w, h = k * 0.2, k * 0.1
  out[#out + 1] = sfmt('<g class="attr attr-cathedral"><rect x="%s" y="%s" width="%s" height="%s" fill="#eceff1" stroke="#263238" stroke-width="1"/>',
    num(x - w / 2), num(y), num(w), num(h))
  out[#out + 1] = sfmt('<polygon points="%s" fill="#78909c" stroke="#263238" stroke-width="1"/>',
    points_attr { x - w / 2, y, x - w / 2 + k * 0.06, y - k * 0.04, x + w / 2, y - k * 0.04, x + w / 2, y })
  out[#out + 1] = sfmt('<polygon points="%s" fill="#546e7a" stroke="#263238" stroke-width="1"/>',
    points_attr { x - w / 2, y + h, x - w / 2, y - k * 0.06, x - w / 2 + k * 0.035, y - k * 0.16,
                  x - w / 2 + k * 0.07, y - k * 0.06, x - w / 2 + k * 0.07, y + h })
  out[#out + 1] = sfmt('<path d="M%s %sv%sM%s %sh%s" stroke="#263238" stroke-width="%s"/></g>',
    num(x - w / 2 + k * 0.035), num(y - k * 0.16), num(-k * 0.06), num(x - w / 2 + k * 0.015), num(y - k * 0.195),
    num(k * 0.04), num(k * 0.015))
end

-- A tower foundation (The Tower): a grey stone square with a darker ring,
-- in the middle of the tile, where the floors stand.
local function foundation(out, x, y, S)
  local r = S * 0.11
  out[#out + 1] = sfmt('<g class="tag tag-tower"><rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#b0bec5" stroke="#37474f" stroke-width="1.5"/>',
    num(x - r), num(y - r), num(2 * r), num(2 * r), num(r * 0.3))
  out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#37474f" stroke-width="1"/></g>',
    num(x), num(y), num(r * 0.55))
end

-- A hill (Hills & Sheep): a green mound with a darker ridge, low in the
-- tile, so a tower or cloister in the middle stays clear.
local function hill_mark(out, x, y, S)
  local w, h = S * 0.30, S * 0.12
  out[#out + 1] = sfmt('<g class="tag tag-hill"><path d="M%s %sQ%s %s %s %sZ" fill="#7cb342" stroke="#33691e" stroke-width="1.5"/></g>',
    num(x - w), num(y + S * 0.30), num(x), num(y + S * 0.30 - 2 * h), num(x + w), num(y + S * 0.30))
end

-- A vineyard (Hills & Sheep): three purple grapes on a vine, high in the
-- tile.
local function vineyard_mark(out, x, y, S)
  local r, cy = S * 0.035, y - S * 0.30
  out[#out + 1] = sfmt('<g class="tag tag-vineyard"><path d="M%s %sH%s" stroke="#558b2f" stroke-width="1.5"/>',
    num(x - S * 0.14), num(cy - r * 1.6), num(x + S * 0.14))
  for i = -1, 1 do
    out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="#6a1b9a" stroke="#311b92" stroke-width="0.8"/>',
      num(x + i * S * 0.09), num(cy), num(r))
  end
  out[#out + 1] = '</g>'
end

-- A bridge (Bridges, Castles and Bazaars): brown planks with two rails,
-- across its road, about a quarter of a tile long.
local function bridge_icon(out, x, y, S)
  local w, h = S * 0.12, S * 0.26
  out[#out + 1] = sfmt('<g class="attr attr-bridge"><rect x="%s" y="%s" width="%s" height="%s" fill="#a1887f" stroke="#4e342e" stroke-width="1"/>',
    num(x - w / 2), num(y - h / 2), num(w), num(h))
  out[#out + 1] = sfmt('<path d="M%s %sv%sM%s %sv%s" stroke="#3e2723" stroke-width="%s"/></g>',
    num(x - w / 2), num(y - h / 2), num(h), num(x + w / 2), num(y - h / 2), num(h), num(S * 0.03))
end

-- A castle (Bridges, Castles and Bazaars): a grey keep with three
-- battlements and a dark gate, a fifth of a tile wide, on its city.
local function castle_icon(out, x, y, S)
  local w, h, m = S * 0.2, S * 0.13, S * 0.05
  out[#out + 1] = sfmt('<g class="attr attr-castle"><path d="M%s %sv%sh%sv%sh%sv%sh%sv%sh%sv%sh%sv%sh%sz" fill="#9e9e9e" stroke="#212121" stroke-width="1"/>',
    num(x - w / 2), num(y + h / 2), num(-h - m), num(w / 5), num(m), num(w / 5), num(-m), num(w / 5),
    num(m), num(w / 5), num(-m), num(w / 5), num(h + m), num(-w))
  out[#out + 1] = sfmt('<rect x="%s" y="%s" width="%s" height="%s" fill="#3e2723"/></g>',
    num(x - w * 0.1), num(y + h / 2 - h * 0.55), num(w * 0.2), num(h * 0.55))
end

-- A bazaar (Bridges, Castles and Bazaars): a market stall, a red and white
-- awning over a brown counter, in the middle of the tile.
local function bazaar_stall(out, x, y, S)
  local w, h = S * 0.22, S * 0.08
  out[#out + 1] = sfmt('<g class="tag tag-bazaar"><rect x="%s" y="%s" width="%s" height="%s" fill="#8d6e63" stroke="#3e2723" stroke-width="1"/>',
    num(x - w / 2), num(y), num(w), num(h))
  for k = 0, 3 do
    out[#out + 1] = sfmt('<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#3e2723" stroke-width="0.6"/>',
      num(x - w / 2 + k * w / 4), num(y - h), num(w / 4), num(h), k % 2 == 0 and "#d32f2f" or "#ffffff")
  end
  out[#out + 1] = "</g>"
end

-- A wind rose (The Wind Roses): a four-pointed star, its north point red,
-- in the tile's south-east quarter (it turns with the tile, as printed);
-- a quarter rose fills the section it shows in amber behind the star.
local function rose_mark(quarter)
  return function(out, x, y, S)
    local r, k = S * 0.13, S * 0.04
    x, y = x + S * 0.22, y + S * 0.22
    out[#out + 1] = '<g class="tag tag-rose">'
    if quarter then
      local dx, dy = quarter[1], quarter[2]
      out[#out + 1] = sfmt('<path d="M%s %sL%s %sA%s %s 0 0 %d %s %sZ" fill="#ffb300" stroke="#e65100" stroke-width="0.8"/>',
        num(x), num(y), num(x), num(y + dy * r), num(r), num(r), dx * dy < 0 and 1 or 0, num(x + dx * r), num(y))
    end
    out[#out + 1] = sfmt('<polygon points="%s" fill="#fafafa" stroke="#37474f" stroke-width="1"/>',
      points_attr { x, y - r, x + k, y - k, x + r, y, x + k, y + k, x, y + r, x - k, y + k, x - r, y, x - k, y - k })
    out[#out + 1] = sfmt('<polygon points="%s" fill="#c62828"/></g>',
      points_attr { x, y - r, x + k, y - k, x - k, y - k })
  end
end

-- A labyrinth (The Labyrinth): hedge walls round the middle where its
-- four roads meet, two nested squares open on alternate sides, dark green
-- so that it reads over the road at the fit zoom.
local function labyrinth_mark(out, x, y, S)
  out[#out + 1] = '<g class="tag tag-labyrinth" fill="none" stroke="#1b5e20" stroke-width="2.2">'
  local g, r = S * 0.05, S * 0.19
  -- the outer hedge open to the north, the inner one to the south
  out[#out + 1] = sfmt('<path d="M%s %sH%sV%sH%sV%sH%s"/>',
    num(x + g), num(y - r), num(x + r), num(y + r), num(x - r), num(y - r), num(x - g))
  r = S * 0.10
  out[#out + 1] = sfmt('<path d="M%s %sH%sV%sH%sV%sH%s"/>',
    num(x - g), num(y + r), num(x - r), num(y - r), num(x + r), num(y + r), num(x + g))
  out[#out + 1] = '</g>'
end

-- A gold bar (The Goldmines): the logo its tiles print, a gold
-- trapezoid with a dark edge in the lower right quarter.
local function gold_logo(out, x, y, S)
  x, y = x + S * 0.22, y + S * 0.24
  local w, h = S * 0.11, S * 0.06
  out[#out + 1] = sfmt('<polygon class="tag tag-gold" points="%s" fill="#ffca28" stroke="#8d6e00" stroke-width="1.2"/>',
    points_attr { x - w, y + h, x + w, y + h, x + w * 0.6, y - h, x - w * 0.6, y - h })
end

-- A watchtower (The Watchtowers): a dark stone tower with battlements in
-- the middle of the tile and a white disc on it with the letter of what it
-- counts (M meeples, A coats of arms, R roads, C cities, + monasteries).
local function watchtower_mark(letter)
  return function(out, x, y, S)
    local w, h = S * 0.09, S * 0.17
    out[#out + 1] = sfmt('<g class="tag tag-watchtower"><path d="M%s %sV%sH%sV%sH%sV%sH%sV%sH%sV%sH%sV%sZ" fill="#5d4037" stroke="#212121" stroke-width="1"/>',
      num(x - w), num(y + h), num(y - h), num(x - w / 3), num(y - h + S * 0.04), num(x + w / 3),
      num(y - h), num(x + w), num(y - h + S * 0.04), num(x + w), num(y - h), num(x + w), num(y + h))
    out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="#fafafa" stroke="#212121" stroke-width="0.8"/>',
      num(x), num(y + S * 0.03), num(S * 0.065))
    out[#out + 1] = sfmt('<text x="%s" y="%s" font-size="%s" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#212121">%s</text></g>',
      num(x), num(y + S * 0.055), num(S * 0.08), letter)
  end
end

-- A flying machine (The Flier): a pair of white wings with an arrow from
-- the middle toward the side (fly_orth) or corner (fly_diag) it flies to,
-- west or north-west as printed; it turns with the tile.
local function flier_mark(dx, dy)
  return function(out, x, y, S)
    local r = S * 0.24
    out[#out + 1] = sfmt('<g class="tag tag-flier"><path d="M%s %sQ%s %s %s %sQ%s %s %s %sZ" fill="#fafafa" stroke="#37474f" stroke-width="1"/>',
      num(x - S * 0.12), num(y), num(x), num(y - S * 0.08), num(x + S * 0.12), num(y),
      num(x), num(y + S * 0.03), num(x - S * 0.12), num(y))
    out[#out + 1] = sfmt('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#c62828" stroke-width="2.2"/>',
      num(x), num(y), num(x + dx * r), num(y + dy * r))
    out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="#c62828"/></g>',
      num(x + dx * r), num(y + dy * r), num(S * 0.03))
  end
end

-- The Russian Promos: Baba Yaga's hut (a brown hut on two chicken legs,
-- drawn over the cloister in the middle) and the Vodyanoy's pond (a blue
-- pond with a green head in it, off the middle, where trapped followers
-- are drawn).
local function yaga_mark(out, x, y, S)
  local w = S * 0.10
  out[#out + 1] = sfmt('<g class="tag tag-yaga"><path d="M%s %sL%s %sM%s %sL%s %s" stroke="#e65100" stroke-width="1.6"/>',
    num(x - w / 2), num(y + w), num(x - w / 2), num(y + 2 * w), num(x + w / 2), num(y + w), num(x + w / 2), num(y + 2 * w))
  out[#out + 1] = sfmt('<rect x="%s" y="%s" width="%s" height="%s" fill="#6d4c41" stroke="#3e2723" stroke-width="1"/>',
    num(x - w), num(y - w / 2), num(2 * w), num(1.5 * w))
  out[#out + 1] = sfmt('<polygon points="%s" fill="#4e342e"/></g>',
    points_attr { x - 1.3 * w, y - w / 2, x, y - 1.6 * w, x + 1.3 * w, y - w / 2 })
end
local function vodyanoy_mark(out, x, y, S)
  out[#out + 1] = sfmt('<g class="tag tag-vodyanoy"><ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="#1e88e5" stroke="#0d47a1" stroke-width="1"/>',
    num(x - S * 0.18), num(y + S * 0.2), num(S * 0.14), num(S * 0.08))
  out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="#2e7d32"/></g>',
    num(x - S * 0.18), num(y + S * 0.18), num(S * 0.035))
end

-- A besieged city (Siege, The Cathars, The Besiegers): the besiegers'
-- camp, two dark tents with a red pennon, in the tile's middle below the
-- city, so that it reads at the fit zoom over field or city alike.
local function siege_mark(out, x, y, S)
  local w, h = S * 0.11, S * 0.12
  y = y + S * 0.06
  out[#out + 1] = '<g class="tag tag-besieged" stroke="#fafafa" stroke-width="1">'
  for _, dx in ipairs { -w * 0.6, w * 0.6 } do
    out[#out + 1] = sfmt('<polygon points="%s" fill="#263238"/>',
      points_attr { x + dx - w / 2, y + h / 2, x + dx, y - h / 2, x + dx + w / 2, y + h / 2 })
  end
  out[#out + 1] = sfmt('<path d="M%s %sV%s" stroke="#263238" stroke-width="1.2"/>',
    num(x + w * 0.6), num(y - h / 2), num(y - h))
  out[#out + 1] = sfmt('<polygon points="%s" fill="#c62828" stroke="none"/></g>',
    points_attr { x + w * 0.6, y - h, x + w * 0.6 + S * 0.07, y - h * 0.8, x + w * 0.6, y - h * 0.6 })
end

-- Tags a tile prints as a mark of its own.
R.TAG_MARKS = { tower = foundation, hill = hill_mark, vineyard = vineyard_mark, bazaar = bazaar_stall,
                wind_rose = rose_mark(), rose_ne = rose_mark { 1, -1 }, rose_se = rose_mark { 1, 1 },
                rose_sw = rose_mark { -1, 1 }, rose_nw = rose_mark { -1, -1 },
                labyrinth = labyrinth_mark, goldmine = gold_logo,
                watch_meeple = watchtower_mark "M", watch_pennant = watchtower_mark "A",
                watch_road = watchtower_mark "R", watch_city = watchtower_mark "C",
                watch_cloister = watchtower_mark "+",
                fly_orth = flier_mark(-1, 0), fly_diag = flier_mark(-0.7, -0.7),
                yaga_hut = yaga_mark, vodyanoy = vodyanoy_mark, besieged = siege_mark }

-- Attribute shapes drawn as pictures instead of badges.
local ATTR_ICONS = { inn = inn_icon, cathedral = cathedral_icon, bridge = bridge_icon, castle = castle_icon }
R.ATTR_ICONS = ATTR_ICONS

local function badge(out, name, x, y, S, value)
  local st = R.attr_style(name)
  -- a picture when there is one (animals, fish, goods, ...): letters
  -- are a speck at the fit zoom
  if icons.has(name) then return icons.token(out, name, ncname(name), st.colour, x, y, S, value) end
  local text = (value > 1 and tostring(value) or "") .. st.abbr
  -- big enough to read at a board's fit zoom (figures keep clear of it)
  local w, h = S * (0.07 + 0.085 * #text), S * 0.17
  out[#out + 1] = sfmt('<g class="attr attr-%s"><rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#ffffff" stroke="%s" stroke-width="1.2"/><text x="%s" y="%s" font-size="%s" font-weight="bold" fill="%s" text-anchor="middle">%s</text></g>',
    ncname(name), num(x - w / 2), num(y - h / 2), num(w), num(h), num(h / 3), st.colour,
    num(x), num(y + h * 0.32), num(S * 0.135), st.colour, esc(text))
end
R.badge = badge

-- The box a mark drawn at (x, y) covers ({x0, y0, x1, y1}): what
-- figures keep clear of (meeple.render_board).
local function mark_box(shape, name, x, y, S, value)
  if shape == "shield" then
    return { x - S * 0.08, y - S * 0.1, x + (value > 1 and S * 0.17 or S * 0.08), y + S * 0.1 }
  elseif shape == "inn" then
    return { x, y - S * 0.22, x + S * 0.3, y + S * 0.01 }
  elseif shape == "cathedral" then
    return { x - S * 0.08, y - S * 0.3, x + S * 0.24, y + S * 0.16 }
  elseif shape == "bridge" then
    return { x - S * 0.06, y - S * 0.13, x + S * 0.06, y + S * 0.13 }
  elseif shape == "castle" then
    return { x - S * 0.1, y - S * 0.115, x + S * 0.1, y + S * 0.065 }
  end
  if icons.has(name) then return icons.box(x, y, S, value) end
  local text = (value > 1 and tostring(value) or "") .. (R.attr_style(name).abbr or "")
  local w, h = S * (0.07 + 0.085 * #text), S * 0.17
  return { x - w / 2, y - h / 2, x + w / 2, y + h / 2 }
end

-- Where a mark at (x, y) goes so that it covers none of the marks
-- already on its tile (taken: their boxes, in drawn coordinates; cell:
-- the tile's box there): the nearest free point on a grid of twentieths
-- of the tile whose box stays on the tile; unchanged when none is free.
-- Marks of neighbouring segments would otherwise pile up, as a
-- segment's mark point knows nothing of its neighbours'.
local function free_spot(shape, name, x, y, S, value, taken, cell)
  local function hits(bx)
    for _, b in ipairs(taken) do
      if bx[1] < b[3] and b[1] < bx[3] and bx[2] < b[4] and b[2] < bx[4] then return true end
    end
    return false
  end
  local box = mark_box(shape, name, x, y, S, value)
  if not hits(box) then return x, y, box end
  local step = S * 0.05
  local bx, by, bb, bd = x, y, box, huge
  for i = -14, 14 do
    for j = -14, 14 do
      local nx, ny = x + i * step, y + j * step
      local d = i * i + j * j
      if d < bd then
        local nb = mark_box(shape, name, nx, ny, S, value)
        if nb[1] >= cell[1] and nb[2] >= cell[2] and nb[3] <= cell[3] and nb[4] <= cell[4] and not hits(nb) then
          bx, by, bb, bd = nx, ny, nb, d
        end
      end
    end
  end
  return bx, by, bb
end

-- Appends the pennants and badges of one segment; place(x, y) maps a
-- tile-local point to where it is drawn (default: unchanged); boxes
-- (optional) gets the box each covers; taken and cell: see free_spot.
local function segment_badges(out, seg, L, S, place, boxes, taken, cell)
  local k = 0
  for _, a in ipairs(seg.attrs or {}) do
    local ast = R.attr_style(a.name)
    if a.value ~= 0 and not ast.hide then
      local bx = L.bx + k * S * 0.28
      if bx > S * 0.88 then bx = L.bx - k * S * 0.28 end
      local x, y = bx, L.by
      if place then x, y = place(bx, L.by) end
      local box
      x, y, box = free_spot(ast.shape, a.name, x, y, S, a.value, taken, cell)
      taken[#taken + 1] = box
      if boxes then boxes[#boxes + 1] = box
      elseif ast.shape == "shield" then pennant(out, x, y, S, a.value)
      elseif ATTR_ICONS[ast.shape] then ATTR_ICONS[ast.shape](out, x, y, S)
      else badge(out, a.name, x, y, S, a.value) end
      k = k + 1
    end
  end
end

-- The marks of every segment of tile t, in segment order (so the boxes
-- and the drawing agree).
local function tile_marks(t, S, opts, place, out, boxes)
  local layout = R.layout(t, S, opts)
  local x0, y0, x1, y1 = 0, 0, S, S
  if place then
    x0, y0 = place(0, 0)
    x1, y1 = place(S, S)
  end
  local cell = { math.min(x0, x1), math.min(y0, y1), math.max(x0, x1), math.max(y0, y1) }
  local taken = {}
  for i, seg in ipairs(t.segments or {}) do segment_badges(out, seg, layout[i], S, place, boxes, taken, cell) end
end

--- The boxes the pennants and badges of a tile cover, placed as
--- R.tile_badges draws them.
function R.tile_badge_boxes(t, S, opts, place)
  local boxes = {}
  tile_marks(t, S, opts, place, nil, boxes)
  return boxes
end

--- The pennants and badges of a tile, drawn upright at place(x, y).
function R.tile_badges(t, S, opts, place)
  local out = {}
  tile_marks(t, S, opts, place, out)
  return tconcat(out)
end

-- Returns the SVG of one tile (origin at its top-left corner) and the
-- kinds it uses (name -> true) and the attributes drawn (name -> true).
local function draw_tile(t, S, opts)
  local segs = t.segments or {}
  local used, attrs_used = {}, {}
  local layout = R.layout(t, S, opts)
  -- background: the lowest area kind on the tile fills what lines leave
  local bg, bg_layer = "#eeeeee", huge
  for i, seg in ipairs(segs) do
    local st = style_of(seg.kind, opts)
    if st.shape ~= "line" and (#seg.ports > 0 or layout[i].kind == "gap") and st.layer < bg_layer then
      bg, bg_layer = st.fill, st.layer
    end
  end
  local dead_ends = {}
  local items = {}
  local function add(layer, order, svg)
    items[#items + 1] = { layer, order, svg }
  end
  for k, e in ipairs(layout.extra) do add(e[1], k, e[2]) end
  local taken, cell = {}, { 0, 0, S, S }
  for i, seg in ipairs(segs) do
    local st, unknown = style_of(seg.kind, opts)
    local L = layout[i]
    used[seg.kind] = true
    local cls = sfmt('class="segment kind-%s" data-segment="%d"', ncname(seg.kind), i)
    local out = {}
    if L.kind == "inner" then
      local x, y = L.x, L.y
      local shape = st.inner or "disc"
      if shape == "building" then
        building(out, x, y, S)
      elseif shape == "farmhouse" then
        farmhouse(out, x, y, S)
      elseif shape == "pond" then
        out[#out + 1] = sfmt('<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" stroke="#1b4f8a" stroke-width="1"/>',
          num(x), num(y), num(S * 0.16), num(S * 0.11), st.fill)
      else
        out[#out + 1] = sfmt('<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#333333" stroke-width="1"/>',
          num(x), num(y), num(S * 0.1), st.fill)
      end
      add(INNER_LAYER, i, sfmt('<g %s>%s</g>', cls, tconcat(out)))
    elseif L.kind == "gap" then
      -- the background between the walls is this field; an empty group
      -- keeps the segment findable
      add(st.layer, i, sfmt('<g %s/>', cls))
    elseif L.kind == "line" then
      local w = (st.width or 0.08) * S
      if st.outline then
        out[#out + 1] = sfmt('<path d="%s" stroke="%s" stroke-width="%s" stroke-linecap="butt" fill="none"/>',
          L.d, st.outline, num(w + 2))
      end
      out[#out + 1] = sfmt('<path d="%s" stroke="%s" stroke-width="%s" stroke-linecap="%s" fill="none"/>',
        L.d, st.fill, num(w), #seg.ports > 1 and "round" or "butt")
      if #seg.ports == 1 and L.hx == S / 2 and L.hy == S / 2 then
        dead_ends[seg.kind] = (dead_ends[seg.kind] or 0) + 1
      end
      add(st.layer, i, sfmt('<g %s>%s</g>', cls, tconcat(out)))
    else
      if unknown then -- a dashed outline makes a new kind stand out
        out[#out + 1] = sfmt('<path d="%s" fill="%s" stroke="#222222" stroke-width="1" stroke-dasharray="3 2"/>',
          L.d, st.fill)
      else
        out[#out + 1] = sfmt('<path d="%s" fill="%s" stroke="%s" stroke-width="0.6" stroke-linejoin="round"/>',
          L.d, st.fill, st.fill)
      end
      if L.wall then
        out[#out + 1] = sfmt('<path class="wall" d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>',
          L.wall, st.walls, num(S * 0.04))
      end
      add(st.layer, i, sfmt('<g %s>%s</g>', cls, tconcat(out)))
    end
    -- what the tile prints on the segment (a board draws these upright
    -- over its tiles instead: opts.no_badges)
    if not opts.no_badges then
      local po = {}
      segment_badges(po, seg, L, S, nil, nil, taken, cell)
      if #po > 0 then add(INNER_LAYER + 1, i, tconcat(po)) end
    end
    for _, a in ipairs(seg.attrs or {}) do
      if a.value ~= 0 and not R.attr_style(a.name).hide then attrs_used[a.name] = true end
    end
  end
  -- a junction mark where two or more dead-end lines meet at the centre
  local dk = {}
  for k in pairs(dead_ends) do dk[#dk + 1] = k end
  tsort(dk)
  for _, k in ipairs(dk) do
    local st = style_of(k, opts)
    if dead_ends[k] >= 2 then
      local r = S * 0.07
      add(st.layer, 1000, sfmt('<rect class="junction" x="%s" y="%s" width="%s" height="%s" fill="#6d4c41"/>',
        num(S / 2 - r), num(S / 2 - r), num(2 * r), num(2 * r)))
    elseif dead_ends[k] == 1 and st.ends == "pond" then
      -- where a river rises or ends: a spring, a lake, not a line's end
      add(st.layer, 1000, sfmt('<ellipse class="end spring" cx="%s" cy="%s" rx="%s" ry="%s" fill="#64b5f6" stroke="#0d47a1" stroke-width="1.2"/>',
        num(S / 2), num(S / 2), num(S * 0.2), num(S * 0.14)))
    elseif dead_ends[k] == 1 then
      add(st.layer, 1000, sfmt('<circle class="end" cx="%s" cy="%s" r="%s" fill="%s" stroke="#5a5a5a" stroke-width="1"/>',
        num(S / 2), num(S / 2), num(S * 0.05), st.fill))
    end
  end
  tsort(items, function(a, b)
    if a[1] ~= b[1] then return a[1] < b[1] end
    return a[2] < b[2]
  end)
  -- what a tag prints on the tile itself (The Tower's foundation), over
  -- the segments: a mark, never a player's colour
  local inner = false                       -- a cloister or lake holds the middle
  for _, seg in ipairs(segs) do if #seg.ports == 0 then inner = true end end
  for _, tag in ipairs(t.tags or {}) do
    if R.TAG_MARKS[tag] then
      local po = {}
      local c = inner and S * 0.74 or S / 2
      R.TAG_MARKS[tag](po, c, c, S)
      add(INNER_LAYER + 1, 0, tconcat(po))
    end
  end
  local out = { sfmt('<rect class="tile-bg" width="%s" height="%s" fill="%s"/>', num(S), num(S), bg) }
  for _, it in ipairs(items) do out[#out + 1] = it[3] end
  return tconcat(out, "\n"), used, attrs_used
end

-- }======================================================================

function R.sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  tsort(keys)
  return keys
end

--- A 16x16 legend swatch for an attribute.
function R.attr_swatch(name)
  local out = {}
  local shape = R.attr_style(name).shape
  if shape == "shield" then pennant(out, 8, 9, 80, 1); out[1] = sgsub(out[1], 'class="pennant" ', "")
  elseif ATTR_ICONS[shape] then ATTR_ICONS[shape](out, shape == "inn" and 4 or 5, shape == "inn" and 14 or 9, shape == "inn" and 56 or 40)
  else badge(out, name, 8, 8, 64, 1) end
  return tconcat(out)
end

--- A 16x16 legend swatch for a kind.
function R.kind_swatch(kind, opts)
  local st, unknown = style_of(kind, opts or {})
  if st.shape == "line" then
    return sfmt('<rect width="16" height="16" fill="#9ccc65"/><line x1="0" y1="8" x2="16" y2="8" stroke="%s" stroke-width="4"/>',
      st.fill)
  elseif st.inner == "building" or st.inner == "farmhouse" then
    local out = { '<rect width="16" height="16" fill="#9ccc65"/>' }
    if st.inner == "building" then building(out, 8, 8, 48) else farmhouse(out, 8, 8, 48) end
    return tconcat(out)
  end
  return sfmt('<rect width="16" height="16" fill="%s" stroke="%s" stroke-width="%s"%s/>', st.fill,
    st.walls or "#222222", st.walls and "2" or (unknown and "1" or "0.5"), unknown and ' stroke-dasharray="3 2"' or "")
end

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

  local body, used, attrs_used = {}, {}, {}
  for i, t in ipairs(tiles) do
    local col, row = (i - 1) % cols, floor((i - 1) / cols)
    local x = margin + col * (S + gap)
    local y = margin + title_h + row * cell_h
    local svg, u, au = draw_tile(t, S, opts)
    for k in pairs(u) do used[k] = true end
    for k in pairs(au) do attrs_used[k] = true end
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
    local _, unknown = style_of(k, opts)
    entry(k, R.kind_swatch(k, opts), unknown and (k .. " (new kind)") or k)
  end
  for _, a in ipairs(R.sorted_keys(attrs_used)) do
    entry(a, R.attr_swatch(a), R.attr_style(a).label or a)
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

--- A played board: see meeple.render_board.
function R.board_svg(rs, g, players, opts)
  return require_board().svg(rs, g, players, opts)
end

return R
