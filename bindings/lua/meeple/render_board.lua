-- meeple.render_board: a played board as SVG, built from parts the replay
-- viewer and the local table reuse.
--
--   local board = require "meeple.render_board"
--   local svg = board.svg(rs, g, players, { coords = true })
--
-- A board picture is: <defs> holding one drawing per tile type (from its
-- definition, see meeple.render), one <use> per placed tile, then the
-- overlays: the start tiles' mark, cell coordinates, highlighted
-- features, figures, and a legend of every kind, attribute and figure
-- shown. Figures are drawn by kind (a standing meeple, a farmer lying on
-- kinds that never close, a builder, pig, mayor, wagon, barn, abbey, hut,
-- surveyor; a disc with an initial for a kind nobody drew) filled with
-- the owner's colour; goods and pennants never use a player's colour.
-- Geometry (`geo`): cell (x, y) has its top-left corner at
-- pad + (x - minx) * S, pad + (y - miny) * S; rotations are clockwise
-- quarter turns, as in move texts ("place D 1,0 r1").

local render = require "meeple.render"

local B = {}

B.COLOURS = { "#d32f2f", "#1976d2", "#388e3c", "#fbc02d", "#7b1fa2", "#212121" }
B.COLOUR_NAMES = { "red", "blue", "green", "yellow", "purple", "black" }
local NEUTRAL = "#9e9e9e"

function B.colour(player)
  if not player or player < 1 then return NEUTRAL end
  return B.COLOURS[(player - 1) % #B.COLOURS + 1]
end

local sfmt, tconcat = string.format, table.concat

local function num(x)
  local s = sfmt("%.1f", x)
  return (s:gsub("%.0$", ""))
end

local function esc(s)
  return (tostring(s):gsub("[&<>\"']", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
                                          ['"'] = "&quot;", ["'"] = "&apos;" }))
end
B.esc = esc

local function id_of(s) return (tostring(s):gsub("[^%w_%.%-]", "_")) end
--- The element id of a tile type's drawing in B.defs.
function B.tile_ref(id) return "tile-" .. id_of(id) end

-- {======================================================================
-- Styles from declarations: kind "x" { colour = "#rrggbb", shape = ... }
-- =======================================================================

local KIND_SHAPES = { area = true, line = true, walled = true, building = true, pond = true, disc = true }
B.KIND_SHAPES = KIND_SHAPES

--- opts.styles for meeple.render: the built-in styles, overridden or
--- extended by what the scripts declared for their kinds.
local styles_cache = setmetatable({}, { __mode = "k" })
function B.styles(decl)
  if decl and styles_cache[decl] then return styles_cache[decl] end
  local styles = {}
  for k, v in pairs(render.STYLES) do styles[k] = v end
  for _, k in ipairs(decl and decl.kinds or {}) do
    local d = k.draw
    if d then
      local base = render.STYLES[k.name] or {}
      local st = { layer = base.layer or (d.shape == "line" and 6 or 2), fill = d.colour or base.fill
                   or render.kind_color(k.name), width = base.width, outline = base.outline, ends = base.ends }
      local shape = d.shape or base.shape or "area"
      if shape == "line" then
        st.shape = "line"
        st.outline = st.outline or "#5a5a5a"
      else
        st.shape = "area"
        if shape == "walled" then st.walls = "#4e342e" elseif shape ~= "area" then st.inner = shape; st.layer = 7 end
      end
      if not d.shape then st.inner, st.walls = base.inner, base.walls end
      styles[k.name] = st
    end
  end
  if decl then styles_cache[decl] = styles end
  return styles
end

-- }======================================================================

-- {======================================================================
-- Figures
-- =======================================================================

-- Which drawing a figure kind gets; a figure's declaration may name one
-- (figure "x" { shape = "pig" }).
B.FIGURE_SHAPES = {
  meeple = "meeple", follower = "meeple", settler = "meeple", builder = "builder", pig = "pig",
  mayor = "mayor", wagon = "wagon", barn = "barn", abbey = "abbey", hut = "hut",
  surveyor = "surveyor", big = "big", shaman = "mayor", dragon = "dragon", fairy = "fairy",
}
local SHAPE_NAMES = { meeple = true, builder = true, pig = true, mayor = true, wagon = true, barn = true,
                      abbey = true, hut = true, surveyor = true, big = true, disc = true, dragon = true, fairy = true,
                      abbot = true, lying = true }
-- Shapes drawn bigger than a follower, in colours of their own when
-- neutral (no owner): a dragon, a fairy.
local SHAPE_SCALE = { big = 1.3, dragon = 1.9, fairy = 1.4 }
local NEUTRAL_FILL = { dragon = "#c62828", fairy = "#f8bbd0" }
-- Neutral discs (figures without a shape of their own) in the colour of
-- their wooden piece, so that two of them tell apart at the fit zoom:
-- Mage & Witch's purple mage and orange witch.
local NEUTRAL_KIND_FILL = { mage = "#6a1b9a", witch = "#ef6c00" }
B.FIGURE_SHAPE_NAMES = SHAPE_NAMES

local MEEPLE = "M -0.22 -0.42 A 0.3 0.3 0 1 1 0.22 -0.42 L 0.9 -0.1 L 0.8 0.15 L 0.35 0.05 L 0.62 0.95 "
            .. "L 0.15 0.95 L 0 0.6 L -0.15 0.95 L -0.62 0.95 L -0.35 0.05 L -0.8 0.15 L -0.9 -0.1 Z"

local function figure_body(shape, c, lying)
  local st = sfmt('fill="%s" stroke="#000000" stroke-width="0.09"', c)
  if shape == "meeple" or shape == "big" then
    return sfmt('<path d="%s" %s%s/>', MEEPLE, st, lying and ' transform="rotate(-90)"' or "")
  elseif shape == "builder" then
    return sfmt('<path d="%s" %s transform="scale(0.8 1.3)"/>', MEEPLE, st)
  elseif shape == "mayor" then
    return sfmt('<path d="%s" %s transform="scale(1.15)"/><path d="M -0.3 -0.95 L -0.3 -1.35 L -0.15 -1.15 L 0 -1.4 L 0.15 -1.15 L 0.3 -1.35 L 0.3 -0.95 Z" fill="#ffd54f" stroke="#000000" stroke-width="0.07"/>', MEEPLE, st)
  elseif shape == "pig" then
    return sfmt('<path d="M -0.6 -0.45 L -0.4 -0.8 L -0.2 -0.5 Z M 0.2 -0.5 L 0.4 -0.8 L 0.6 -0.45 Z" %s/><ellipse rx="0.95" ry="0.62" %s/><ellipse cx="0.75" cy="0.05" rx="0.22" ry="0.18" fill="#f8bbd0" stroke="#000000" stroke-width="0.06"/>', st, st)
  elseif shape == "wagon" then
    return sfmt('<rect x="-0.95" y="-0.6" width="1.9" height="0.95" rx="0.12" %s/><circle cx="-0.5" cy="0.45" r="0.3" fill="#3e2723"/><circle cx="0.5" cy="0.45" r="0.3" fill="#3e2723"/>', st)
  elseif shape == "barn" then
    return sfmt('<path d="M -0.9 0.8 L -0.9 -0.2 L 0 -0.95 L 0.9 -0.2 L 0.9 0.8 Z" %s/><rect x="-0.25" y="0.2" width="0.5" height="0.6" fill="#ffffff" stroke="#000000" stroke-width="0.06"/>', st)
  elseif shape == "abbey" then
    return sfmt('<rect x="-0.8" y="-0.8" width="1.6" height="1.6" rx="0.2" %s/><path d="M 0 -0.55 L 0 0.6 M -0.4 -0.15 L 0.4 -0.15" stroke="#ffffff" stroke-width="0.22"/>', st)
  elseif shape == "hut" then
    return sfmt('<path d="M -0.95 0.75 L 0 -0.95 L 0.95 0.75 Z" %s/><path d="M -0.2 0.75 L 0 0.3 L 0.2 0.75 Z" fill="#000000"/>', st)
  elseif shape == "dragon" then
    -- wings, a long body and neck, a head facing right, a tail
    return sfmt('<path d="M -0.2 -0.15 L -0.55 -0.95 L -0.1 -0.6 L 0.05 -1 L 0.25 -0.3 Z" fill="#ef9a9a" stroke="#000000" stroke-width="0.06"/>'
      .. '<path d="M -0.95 0.35 Q -0.6 0.05 -0.3 0.25 Q 0 -0.25 0.45 -0.1 L 0.6 -0.55 L 0.95 -0.45 L 0.8 -0.25 L 0.6 -0.2 L 0.55 0.25 Q 0.2 0.7 -0.3 0.55 Q -0.65 0.5 -0.95 0.35 Z" %s/>'
      .. '<path d="M -0.25 0.55 L -0.3 0.85 M 0.2 0.5 L 0.25 0.85" stroke="#000000" stroke-width="0.12"/>'
      .. '<circle cx="0.75" cy="-0.43" r="0.05" fill="#ffeb3b"/>', st)
  elseif shape == "fairy" then
    -- a small figure with two wings and a wand's star
    return sfmt('<ellipse cx="-0.45" cy="-0.2" rx="0.4" ry="0.55" fill="#e1f5fe" stroke="#0277bd" stroke-width="0.06" transform="rotate(-20 -0.45 -0.2)"/>'
      .. '<ellipse cx="0.45" cy="-0.2" rx="0.4" ry="0.55" fill="#e1f5fe" stroke="#0277bd" stroke-width="0.06" transform="rotate(20 0.45 -0.2)"/>'
      .. '<path d="M 0 -0.3 L 0.4 0.9 L -0.4 0.9 Z" %s/><circle cy="-0.55" r="0.25" %s/>'
      .. '<path d="M 0.55 -0.95 L 0.62 -0.8 L 0.78 -0.78 L 0.66 -0.67 L 0.7 -0.5 L 0.55 -0.6 L 0.4 -0.5 L 0.44 -0.67 L 0.32 -0.78 L 0.48 -0.8 Z" fill="#ffd54f" stroke="#000000" stroke-width="0.04"/>', st, st)
  elseif shape == "abbot" then
    -- a meeple with a white cross on its chest
    return sfmt('<path d="%s" %s/><path d="M 0 -0.02 L 0 0.62 M -0.24 0.2 L 0.24 0.2" stroke="#ffffff" stroke-width="0.13"/>', MEEPLE, st)
  elseif shape == "lying" then
    -- a meeple laid on its side wherever it stands
    return figure_body("meeple", c, true)
  elseif shape == "surveyor" then
    return sfmt('<path d="M 0 -1 L 0.75 0 L 0 1 L -0.75 0 Z" %s/><path d="M 0 -0.6 L 0 0.6" stroke="#ffffff" stroke-width="0.15"/>', st)
  end
  return sfmt('<circle r="0.8" %s/>', st)
end

-- Pictures on a disc figure, by kind, instead of its initial (a letter
-- on a disc is a speck at the fit zoom): a shepherd's crook (Hills &
-- Sheep), a fisher's hook (the lakes fan expansion).
local DISC_PICTURES = {
  shepherd = '<path d="M -0.25 0.65 L -0.25 -0.3 A 0.3 0.3 0 0 1 0.35 -0.3 L 0.35 -0.05" fill="none" stroke="#ffffff" stroke-width="0.17" stroke-linecap="round" stroke-linejoin="round"/>',
  fisher = '<path d="M 0.15 -0.6 L 0.15 0.25 A 0.3 0.3 0 1 1 -0.45 0.25 L -0.45 0.05 L -0.25 0.2" fill="none" stroke="#ffffff" stroke-width="0.15" stroke-linecap="round" stroke-linejoin="round"/><circle cx="0.15" cy="-0.6" r="0.1" fill="#ffffff"/>',
}

--- One figure at (x, y), `size` its half-height in pixels.
function B.figure_svg(shape, colour, x, y, size, opts)
  opts = opts or {}
  local body = figure_body(shape, colour, opts.lying)
  local letter = ""
  if shape == "disc" and opts.kind then
    letter = DISC_PICTURES[opts.kind]
        or sfmt('<text y="0.35" font-size="1" text-anchor="middle" fill="#ffffff" font-weight="bold">%s</text>',
                esc(opts.kind:sub(1, 1):upper()))
  end
  local scale = size * (SHAPE_SCALE[shape] or 1)
  return sfmt('<g class="figure figure-%s"%s transform="translate(%s,%s) scale(%s)">%s%s%s</g>',
    id_of(opts.kind or shape), opts.owner and sfmt(' data-owner="%d"', opts.owner) or "",
    num(x), num(y), num(scale), opts.title and ("<title>" .. esc(opts.title) .. "</title>") or "", body, letter)
end

local function figure_shape(geo, kind)
  local d = geo.figure_decl and geo.figure_decl[kind]
  return d and d.shape or B.FIGURE_SHAPES[kind] or "disc"
end
B.figure_shape = figure_shape

-- }======================================================================

-- {======================================================================
-- Geometry
-- =======================================================================

--- The geometry of a board: tile size S, padding, the cell at the
--- top-left, tile definitions by id and drawing styles.
function B.geometry(rs, cells, opts)
  opts = opts or {}
  local minx, miny, maxx, maxy = math.huge, math.huge, -math.huge, -math.huge
  for _, c in ipairs(cells) do
    if c.x < minx then minx = c.x end
    if c.y < miny then miny = c.y end
    if c.x > maxx then maxx = c.x end
    if c.y > maxy then maxy = c.y end
  end
  if minx == math.huge then minx, miny, maxx, maxy = 0, 0, 0, 0 end
  local m = opts.margin or 0
  local defs, never, figure_decl = {}, {}, {}
  for _, entry in ipairs(rs.pool) do defs[entry.tile.id] = entry.tile end
  for _, k in ipairs(rs.decl.kinds or {}) do never[k.name] = k.closes == "never" end
  for _, f in ipairs(rs.decl.figures or {}) do figure_decl[f.name] = f end
  local attr_declared = {}
  for _, a in ipairs(rs.decl.attrs or {}) do attr_declared[a.name] = true end
  return { attr_declared = attr_declared, S = opts.size or 64, pad = opts.pad or 18, minx = minx - m, miny = miny - m,
           maxx = maxx + m, maxy = maxy + m, defs = defs, lying_on = never,
           figure_decl = figure_decl, styles = B.styles(rs.decl) }
end

function B.cell_origin(geo, x, y)
  return geo.pad + (x - geo.minx) * geo.S, geo.pad + (y - geo.miny) * geo.S
end

-- A tile-local point turned rot quarter turns clockwise about the centre.
local function turn(x, y, rot, S)
  for _ = 1, rot % 4 do x, y = S - y, x end
  return x, y
end

--- Board point of a tile-local point on the tile at (x, y) turned rot.
function B.tile_point(geo, x, y, rot, lx, ly)
  local ox, oy = B.cell_origin(geo, x, y)
  local tx, ty = turn(lx, ly, rot, geo.S)
  return ox + tx, oy + ty
end

-- The two ports of each tile corner (board orientation), and the cell
-- offset of the vertex it is: NW, NE, SW, SE of the cell.
local CORNERS = { { 0, 11, 0, 0 }, { 2, 3, 1, 0 }, { 8, 9, 0, 1 }, { 5, 6, 1, 1 } }
-- Around vertex (vx, vy): each cell (offset from the vertex) and the
-- corner of that cell at the vertex (an index into CORNERS).
local AROUND = { { -1, -1, 4 }, { 0, -1, 3 }, { -1, 0, 2 }, { 0, 0, 1 } }

local function covered_ports(geo, fh)
  local covered = {}
  for _, node in ipairs(fh:nodes()) do
    local t = node.tile:info()
    local seg = geo.defs[t.id] and geo.defs[t.id].segments[node.segment]
    local key = t.x .. "," .. t.y
    covered[key] = covered[key] or {}
    for _, p in ipairs(seg and seg.ports or {}) do covered[key][(p + 3 * t.rot) % 12] = true end
  end
  return covered
end

--- Where a corner figure (a barn) on feature fh stands: the vertex of
--- its tile where four tiles meet and fh covers all four corners there
--- (the kernel's rule, engine/src/flow/caps/figures/cap_corner.c), or nil.
function B.corner_point(geo, fh)
  local spot = fh:spot()
  local t = spot.tile:info()
  local mine = {}
  for _, p in ipairs(spot.ports) do mine[p] = true end
  local covered = covered_ports(geo, fh)
  for _, c in ipairs(CORNERS) do
    if mine[c[1]] and mine[c[2]] then
      local vx, vy = t.x + c[3], t.y + c[4]
      local all = true
      for _, a in ipairs(AROUND) do
        local ports, corner = covered[(vx + a[1]) .. "," .. (vy + a[2])], CORNERS[a[3]]
        all = all and ports ~= nil and ports[corner[1]] and ports[corner[2]]
      end
      if all then return B.cell_origin(geo, vx, vy) end
    end
  end
end

--- Where a figure on segment `seg` of the tile (id, x, y, rot) stands.
function B.segment_point(geo, id, x, y, rot, seg)
  local def = geo.defs[id]
  local L = def and render.layout(def, geo.S, { styles = geo.styles })[seg]
  if not L then return B.tile_point(geo, x, y, 0, geo.S / 2, geo.S / 2) end
  return B.tile_point(geo, x, y, rot, L.fx, L.fy)
end

-- }======================================================================

-- {======================================================================
-- Parts of a board picture
-- =======================================================================

--- <defs> with one group per tile type id (id "tile-ID").
function B.defs(geo, ids)
  local out = { "<defs>" }
  local S = geo.S
  for _, id in ipairs(ids) do
    local def = geo.defs[id]
    if def then
      out[#out + 1] = sfmt('<g id="tile-%s">%s<rect width="%d" height="%d" fill="none" stroke="#555555" stroke-width="0.6"/></g>',
        id_of(id), render.tile_svg(def, { size = S, styles = geo.styles, no_badges = true }), S, S)
    end
  end
  out[#out + 1] = "</defs>"
  return tconcat(out, "\n")
end

--- The pennants and goods of a placed tile, upright.
function B.tile_badges(geo, id, x, y, rot)
  local def = geo.defs[id]
  if not def then return "" end
  return render.tile_badges(def, geo.S, { styles = geo.styles }, function(lx, ly)
    return B.tile_point(geo, x, y, rot, lx, ly)
  end)
end

function B.tile_use(geo, id, x, y, rot)
  local ox, oy = B.cell_origin(geo, x, y)
  local h = geo.S // 2
  return sfmt('<use href="#tile-%s" class="placed" data-cell="%d,%d" transform="translate(%s,%s) rotate(%d %d %d)"><title>%s at %d,%d r%d</title></use>',
    id_of(id), x, y, num(ox), num(oy), (rot % 4) * 90, h, h, esc(id), x, y, rot)
end

--- The mark on start tiles: a gold star in the top-left corner.
function B.start_mark(geo, x, y)
  local ox, oy = B.cell_origin(geo, x, y)
  local s = geo.S * 0.09
  local pts = {}
  for k = 0, 9 do
    local r = k % 2 == 0 and s or s * 0.45
    local a = math.pi * k / 5 - math.pi / 2
    pts[#pts + 1] = num(ox + s * 1.3 + r * math.cos(a)) .. "," .. num(oy + s * 1.3 + r * math.sin(a))
  end
  return sfmt('<polygon class="start-mark" points="%s" fill="#ffd54f" stroke="#5d4037" stroke-width="0.8"/>',
    tconcat(pts, " "))
end

function B.coord_label(geo, x, y)
  local ox, oy = B.cell_origin(geo, x, y)
  return sfmt('<text class="coord" x="%s" y="%s" font-size="%s" fill="#000000" fill-opacity="0.55" text-anchor="end">%d,%d</text>',
    num(ox + geo.S - 2), num(oy + geo.S - 3), num(geo.S * 0.14), x, y)
end

--- Where a figure on cell c ({x, y}) stands: in its lower left corner,
--- clear of what stands on the tile there; on a corner: that vertex.
function B.cell_point(geo, c, corner)
  local ox, oy = B.cell_origin(geo, c[1], c[2])
  if corner then return ox, oy end
  return ox + geo.S * 0.2, oy + geo.S * 0.78
end

--- Attributes a script sets on placed segments during play (a castle:
--- styles with `runtime`), drawn where the tile prints its badges.
function B.runtime_marks(geo, g, out)
  local names = {}
  for name, st in pairs(render.ATTRS) do
    if st.runtime and geo.attr_declared and geo.attr_declared[name] then names[#names + 1] = name end
  end
  if #names == 0 then return end
  table.sort(names)
  for _, th in ipairs(g:tiles()) do
    local t = th:info()
    local def = geo.defs[t.id]
    local layout = def and render.layout(def, geo.S, { styles = geo.styles })
    for i = 1, t.segments do
      for _, name in ipairs(names) do
        if layout and layout[i] and th:segment_attr(i, name) ~= 0 then
          local x, y = B.tile_point(geo, t.x, t.y, t.rot, layout[i].bx, layout[i].by)
          render.ATTR_ICONS[render.ATTRS[name].shape](out, x, y, geo.S)
        end
      end
    end
  end
end

-- {======================================================================
-- Figures keep clear of the marks tiles print (goods, pennants, inns):
-- a figure whose box would cover one moves the least way that frees it.
-- =======================================================================

-- The mark boxes of the tile on cell (x, y), kept per game picture in
-- geo.marks ("x,y" -> boxes; a tile never leaves its cell).
local function cell_marks(geo, g, x, y)
  local cache = geo.marks
  if not cache then cache = {}; geo.marks = cache end
  local key = x .. "," .. y
  local boxes = cache[key]
  if boxes then return boxes end
  local th = g:tile_at(x, y)
  if not th then return nil end
  local t = th:info()
  local def = geo.defs[t.id]
  boxes = def and render.tile_badge_boxes(def, geo.S, { styles = geo.styles }, function(lx, ly)
    return B.tile_point(geo, t.x, t.y, t.rot, lx, ly)
  end) or {}
  cache[key] = boxes
  return boxes
end

-- The marks a figure box {x0, y0, x1, y1} might touch: those of the cell
-- it stands on and of the cells next to it that the box (with a margin:
-- a mark may reach over its tile's side a little) crosses into.
local function marks_near(geo, g, fb)
  local S = geo.S
  local m = S * 0.15
  local list = {}
  local x0 = math.floor((fb[1] - m - geo.pad) / S + geo.minx)
  local x1 = math.floor((fb[3] + m - geo.pad) / S + geo.minx)
  local y0 = math.floor((fb[2] - m - geo.pad) / S + geo.miny)
  local y1 = math.floor((fb[4] + m - geo.pad) / S + geo.miny)
  for y = y0, y1 do
    for x = x0, x1 do
      for _, b in ipairs(cell_marks(geo, g, x, y) or {}) do list[#list + 1] = b end
    end
  end
  return list
end

local function overlaps(a, b)
  return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
end

-- (px, py) moved so that a figure of half-size h there covers no box.
local function clear_of(px, py, h, top, boxes)
  local gap = h * 0.15
  for _ = 1, 6 do
    local fb = { px - h, py - top, px + h, py + h }
    local hit
    for _, b in ipairs(boxes) do if overlaps(fb, b) then hit = b; break end end
    if not hit then return px, py end
    local moves = { { hit[1] - gap - fb[3], 0 }, { hit[3] + gap - fb[1], 0 },
                    { 0, hit[2] - gap - fb[4] }, { 0, hit[4] + gap - fb[2] } }
    local best, bestd, bestfree
    for _, m in ipairs(moves) do
      local nb = { fb[1] + m[1], fb[2] + m[2], fb[3] + m[1], fb[4] + m[2] }
      local free = true
      for _, b in ipairs(boxes) do if overlaps(nb, b) then free = false; break end end
      local d = math.abs(m[1]) + math.abs(m[2])
      if not best or (free and not bestfree) or (free == bestfree and d < bestd) then
        best, bestd, bestfree = m, d, free
      end
    end
    px, py = px + best[1], py + best[2]
  end
  return px, py
end

-- How far a figure drawn at `size` reaches: half its width and its
-- height above its point (a mayor's crown is higher).
local function figure_reach(shape, size)
  local h = size * (SHAPE_SCALE[shape] or 1) * 1.05
  return h, shape == "mayor" and h * 1.45 or h
end

-- }======================================================================

--- Every figure on the board: SVG and the kinds drawn (name -> shape).
function B.figures(geo, g)
  local out, shown, at_spot = {}, {}, {}
  B.runtime_marks(geo, g, out)
  local avoid = g.tile_at ~= nil
  for _, fig in ipairs(g:figures()) do
    local info = fig:info()
    local at = info.at or {}
    local px, py, lying, role, key
    local corner = at.feature and geo.figure_decl[info.kind] and geo.figure_decl[info.kind].corner
    if corner then px, py = B.corner_point(geo, at.feature) end
    if px then
      role = at.feature:kind()
      key = num(px) .. "," .. num(py) .. ",k"
    elseif at.feature then
      local spot = at.feature:spot()
      local t = spot.tile:info()
      px, py = B.segment_point(geo, t.id, t.x, t.y, t.rot, spot.segment)
      role = at.feature:kind()
      lying = geo.lying_on[role]
      key = t.x .. "," .. t.y .. "," .. spot.segment
    elseif at.tile then
      local t = at.tile:info()
      px, py = B.tile_point(geo, t.x, t.y, 0, geo.S * 0.78, geo.S * 0.22)
      key = t.x .. "," .. t.y .. ",t"
    elseif at.cell or at.corner then
      local c = at.cell or at.corner
      px, py = B.cell_point(geo, c, at.corner)
      key = c[1] .. "," .. c[2] .. (at.cell and ",c" or ",k")
    end
    if px then
      local n = at_spot[key] or 0
      at_spot[key] = n + 1
      local shape = figure_shape(geo, info.kind)
      shown[info.kind] = shape
      local owner = info.owner or 0
      local size = geo.S * (lying and 0.13 or 0.16)
      px, py = px + n * geo.S * 0.14, py - n * geo.S * 0.05
      if avoid then
        local h, top = figure_reach(shape, size)
        local near = marks_near(geo, g, { px - h, py - top, px + h, py + h })
        if #near > 0 then px, py = clear_of(px, py, h, top, near) end
      end
      local colour = owner == 0 and (NEUTRAL_FILL[shape] or NEUTRAL_KIND_FILL[info.kind]) or B.colour(owner)
      out[#out + 1] = B.figure_svg(shape, colour, px, py, size, {
          lying = lying, kind = info.kind, owner = owner,
          title = (owner > 0 and ("player " .. owner .. " ") or "neutral ") .. info.kind
                  .. (role and (" on " .. role) or "") })
    end
  end
  return tconcat(out, "\n"), shown
end

--- A feature outlined: every segment it spans, on the tiles they lie on.
function B.highlight(geo, fh, colour)
  local out = {}
  colour = colour or "#ffeb3b"
  for _, node in ipairs(fh:nodes()) do
    local t = node.tile:info()
    local def = geo.defs[t.id]
    local L = def and render.layout(def, geo.S, { styles = geo.styles })[node.segment]
    if L then
      local ox, oy = B.cell_origin(geo, t.x, t.y)
      local h = geo.S // 2
      local line = L.kind == "line"
      out[#out + 1] = sfmt('<path class="highlight" d="%s" transform="translate(%s,%s) rotate(%d %d %d)" fill="%s" fill-opacity="%s" stroke="%s" stroke-width="%s" stroke-opacity="0.9"/>',
        L.d, num(ox), num(oy), (t.rot % 4) * 90, h, h, line and "none" or colour, line and "0" or "0.45",
        colour, line and num(geo.S * 0.14) or "3")
    end
  end
  return tconcat(out, "\n")
end

-- A name as people read it: "abbey_side" is "abbey side".
local function words(name) return (tostring(name):gsub("_", " ")) end
B.words = words

--- Legend entries (each {id, swatch, text}) for what a board shows.
function B.legend_entries(geo, kinds, attrs, figures, extra)
  local entries = {}
  local function add(id, swatch, text) entries[#entries + 1] = { id = id, swatch = swatch, text = text } end
  for _, k in ipairs(render.sorted_keys(kinds)) do
    local known = geo.styles[k] ~= nil
    add("kind-" .. k, render.kind_swatch(k, { styles = geo.styles }), known and words(k) or (words(k) .. " (new kind)"))
  end
  for _, a in ipairs(render.sorted_keys(attrs)) do
    add("attr-" .. a, render.attr_swatch(a), render.attr_style(a).label or words(a))
  end
  for _, f in ipairs(render.sorted_keys(figures)) do
    -- a legend swatch is 16 wide, whatever the shape's size on the board
    add("figure-" .. f, B.figure_svg(figures[f], NEUTRAL_FILL[figures[f]] or NEUTRAL_KIND_FILL[f] or NEUTRAL, 8, 9, 7 / (SHAPE_SCALE[figures[f]] or 1),
      { kind = f }), words(f))
    -- a meeple lies on kinds that never close (a farmer, a trapper)
    local lying, decl = {}, geo.figure_decl and geo.figure_decl[f]
    for _, k in ipairs(decl and decl.on or {}) do
      if geo.lying_on[k] then lying[#lying + 1] = k end
    end
    if figures[f] == "meeple" and #lying > 0 then
      local on = table.concat(lying, ", ")
      add("figure-" .. f .. "-lying", B.figure_svg("meeple", NEUTRAL, 8, 9, 7, { kind = f, lying = true }),
        words(f) .. " on " .. words(on) .. (on == "field" and " (farmer)" or " (lying)"))
    end
  end
  for _, e in ipairs(extra or {}) do add(e[1], e[2], e[3]) end
  return entries
end

--- The legend of a board showing tile types `ids` (id -> true), figure
--- kinds `shown` (name -> shape) and n_starts start marks: its SVG at
--- (x, y), `width` wide, and its height.
function B.legend_for(geo, ids, shown, n_starts, x, y, width)
  local kinds, attrs = B.tiles_content(geo, ids)
  local extra = {}
  if n_starts > 0 then
    extra[1] = { "start", (B.start_mark({ S = 64, pad = 0, minx = 0, miny = 0 }, 0, 0):gsub(' class="start%-mark"', "")),
                 n_starts > 1 and "start board" or "start tile" }
  end
  return B.legend_svg(B.legend_entries(geo, kinds, attrs, shown, extra), x, y, width)
end

function B.legend_svg(entries, x, y, width)
  local per_row = math.max(1, width // 175)
  local out = { sfmt('<g class="legend"><text x="%d" y="%d" font-size="13" font-weight="bold">Legend</text>', x, y + 12) }
  for i, e in ipairs(entries) do
    local ex = x + ((i - 1) % per_row) * 175
    local ey = y + 20 + ((i - 1) // per_row) * 22
    out[#out + 1] = sfmt('<g class="legend-entry" id="legend-%s" transform="translate(%d,%d)">%s<text x="22" y="12" font-size="12">%s</text></g>',
      id_of(e.id), ex, ey, e.swatch, esc(e.text))
  end
  out[#out + 1] = "</g>"
  return tconcat(out, "\n"), 24 + ((#entries + per_row - 1) // per_row) * 22
end

--- What the placed tiles show: kinds and attributes (name -> true).
function B.tiles_content(geo, ids)
  local kinds, attrs = {}, {}
  for id in pairs(ids) do
    for _, seg in ipairs(geo.defs[id] and geo.defs[id].segments or {}) do
      kinds[seg.kind] = true
      for _, a in ipairs(seg.attrs or {}) do
        if a.value ~= 0 and not render.attr_style(a.name).hide then attrs[a.name] = true end
      end
    end
  end
  return kinds, attrs
end

--- What the side panels show of a game: per player the figures left
--- in supply ({kind, n} in declared order, neutral figures left out)
--- and the tiles left in the stacks. Read only.
function B.supplies(g, decl)
  local out = {}
  for p = 1, g:players() do
    local list = {}
    for _, f in ipairs(decl.figures or {}) do
      if not f.neutral or f.neutral == 0 then
        local ok, n = pcall(g.supply, g, p, f.name)
        if ok and math.type(n) == "integer" then list[#list + 1] = { f.name, n } end
      end
    end
    out[p] = list
  end
  local left = 0
  for _, name in ipairs(decl.stacks or {}) do
    local ok, n = pcall(g.stack_size, g, name)
    if ok and math.type(n) == "integer" then left = left + n end
  end
  return out, left
end

--- What the side panels show of each player's counters (goods, fish...):
--- per player {name, n} in declared order; nil when the rules declare
--- none. Read only.
function B.counters(g, decl)
  if not decl.counters or #decl.counters == 0 then return nil end
  local out = {}
  for p = 1, g:players() do
    local list = {}
    for _, name in ipairs(decl.counters or {}) do
      local ok, n = pcall(g.counter, g, p, name)
      if ok and math.type(n) == "integer" then list[#list + 1] = { name, n } end
    end
    out[p] = list
  end
  return out
end

--- Where the start mark goes: one cell, {x, y} in a list, the start
--- tile's; of a start board of several tiles (New World's sea), the
--- tile nearest its middle, so the board carries one star. Also returns
--- how many start tiles there are (the legend says "start board").
function B.start_cells(g)
  local cells = {}
  for _, e in ipairs(g:log()) do
    if e.event == "place_fixed" then cells[#cells + 1] = { x = e.x, y = e.y } end
    if e.event == "place" then break end
  end
  if #cells <= 1 then return cells, #cells end
  local sx, sy = 0, 0
  for _, c in ipairs(cells) do sx, sy = sx + c.x, sy + c.y end
  sx, sy = sx / #cells, sy / #cells
  local best, bd
  for _, c in ipairs(cells) do
    local d = (c.x - sx) ^ 2 + (c.y - sy) ^ 2
    if not best or d < bd then best, bd = c, d end
  end
  return { best }, #cells
end

-- }======================================================================

--- The whole board as a standalone SVG: tiles, figures, start mark,
--- optional coordinates (opts.coords), legend and scores.
function B.svg(rs, g, players, opts)
  opts = opts or {}
  local placed = {}
  for _, th in ipairs(g:tiles()) do placed[#placed + 1] = th:info() end
  local geo = B.geometry(rs, placed, opts)
  local S, pad = geo.S, geo.pad
  local ids, id_list = {}, {}
  for _, t in ipairs(placed) do
    if not ids[t.id] then ids[t.id] = true; id_list[#id_list + 1] = t.id end
  end
  table.sort(id_list)
  local body = { B.defs(geo, id_list) }
  for _, t in ipairs(placed) do body[#body + 1] = B.tile_use(geo, t.id, t.x, t.y, t.rot) end
  for _, t in ipairs(placed) do body[#body + 1] = B.tile_badges(geo, t.id, t.x, t.y, t.rot) end
  local starts, n_starts = B.start_cells(g)
  for _, c in ipairs(starts) do body[#body + 1] = B.start_mark(geo, c.x, c.y) end
  if opts.coords then
    for _, t in ipairs(placed) do body[#body + 1] = B.coord_label(geo, t.x, t.y) end
  end
  local figs, shown = B.figures(geo, g)
  body[#body + 1] = figs
  local w = math.max(360, (geo.maxx - geo.minx + 1) * S + 2 * pad)
  local board_h = (geo.maxy - geo.miny + 1) * S + 2 * pad
  local legend, legend_h = B.legend_for(geo, ids, shown, n_starts, pad, board_h, w - 2 * pad)
  local table_h = 24 + 18 * players
  local h = board_h + legend_h + table_h
  local out = {
    '<?xml version="1.0" encoding="UTF-8"?>',
    sfmt('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">', w, h, w, h),
    sfmt('<rect width="%d" height="%d" fill="#f5f1e6"/>', w, h),
  }
  for _, b in ipairs(body) do out[#out + 1] = b end
  out[#out + 1] = legend
  local ty = board_h + legend_h + 8
  out[#out + 1] = sfmt('<text x="%d" y="%d" font-size="13" font-weight="bold">Scores</text>', pad, ty + 6)
  for p, s in ipairs(g:scores()) do
    out[#out + 1] = sfmt('<g class="score"><circle cx="%d" cy="%d" r="5" fill="%s"/><text x="%d" y="%d" font-size="12">player %d (%s): %d</text></g>',
      pad + 5, ty + 8 + 18 * p - 4, B.colour(p), pad + 16, ty + 8 + 18 * p, p,
      B.COLOUR_NAMES[(p - 1) % #B.COLOURS + 1], s)
  end
  out[#out + 1] = "</svg>"
  return tconcat(out, "\n") .. "\n"
end

return B
