-- meeple.render_walls: where the walled areas of one tile go (cities,
-- towns: kinds whose style has `walls`) when a tile holds more than one of
-- them, or encloses a field between them.
--
-- Invariant: the shapes planned for one tile never overlap, and every
-- edge of a shape that lies inside the tile is a wall. Two caps, a cap and
-- a band, two corners, or two bands that cross (Abbey & Mayor's am.03) are
-- drawn apart, and an enclosed field (an inner segment of a plain area
-- kind, `field C touches a, b`) is the gap left between them: the tile's
-- background shows there, and a figure on that field stands in it.
--
-- Shapes, in a unit tile (north up, y grows south; scaled by S):
--  * cap: one side (or part of it) closed by a curve, as meeple.render
--    draws a lone cap;
--  * corner: two adjacent sides closed by a curve bowed towards their
--    corner, so what lies across the diagonal stays clear;
--  * band: two opposite sides joined by a strip, moved off a side where
--    another walled area sits; of two bands that cross, the first is the
--    band and the second becomes two caps with a dashed wall line between
--    them: it passes under the first.
-- Each shape keeps its apexes: the points of its walls nearest the rest
-- of the tile. An enclosed field stands at the mean of one apex of each
-- walled area it touches, the tightest such choice not taken yet.

local sfmt, tconcat, tsort = string.format, table.concat, table.sort
local ipairs, pairs = ipairs, pairs

local W = {}

local CAP_DEPTH = 0.9        -- a cap's curve control, as a share of the way to the centre
local UNDER_CAP_DEPTH = 0.7  -- the caps of a band that passes under another
local CORNER_BOW = 0.6       -- a corner's curve control, from its corner towards the centre
local BAND_HALF = 0.16       -- half the width of a band in its middle
local BAND_SHIFT = 0.12      -- how far a band moves off a side that holds another area

-- Unit-square corners at the start of each side (N, E, S, W), clockwise.
local CORNER = { [0] = { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }

local function corner(s) local c = CORNER[s % 4]; return c[1], c[2] end

-- {cap | corner | band} for a walled segment, or nil for another shape.
local function classify(ports, G)
  local runs = G.port_runs(ports)
  if #runs == 1 then
    local a, len = runs[1][1], runs[1][2]
    if a // 3 == (a + len - 1) // 3 then return { type = "cap", a = a, len = len, sides = { [a // 3] = true } } end
    if a % 3 == 0 and len == 6 then
      local s = a // 3
      return { type = "corner", side = s, sides = { [s] = true, [(s + 1) % 4] = true } }
    end
  elseif #runs == 2 and runs[1][2] == 3 and runs[2][2] == 3 and runs[1][1] % 3 == 0
      and (runs[2][1] - runs[1][1]) % 12 == 6 then
    local s1, s2 = runs[1][1] // 3, runs[2][1] // 3
    return { type = "band", a = s1, b = s2, sides = { [s1] = true, [s2] = true } }
  end
  return nil
end

-- The plain drawing of meeple.render suffices when no two walled areas
-- share the tile and no enclosed field sits beside one.
local function gap_kind(seg, st)
  return (seg.inner or #seg.ports == 0) and st.shape == "area" and not st.inner and not st.walls
end

-- {======================================================================
-- Shapes (unit coordinates; G.path_of draws them at size S)
-- =======================================================================

local function scaled(pts, S)
  local out = {}
  for i, v in ipairs(pts) do out[i] = v * S end
  return out
end

local function cap(a, len, k, S, G)
  local x0, y0 = G.perimeter_point(a, 1)
  local x1, y1 = G.perimeter_point(a + len, 1)
  local mx, my = (x0 + x1) / 2, (y0 + y1) / 2
  local cx, cy = mx + (0.5 - mx) * k, my + (0.5 - my) * k
  local q = sfmt(" Q %s %s %s %s", G.num(cx * S), G.num(cy * S), G.num(x0 * S), G.num(y0 * S))
  local pts = { x0, y0 }
  for u = a + 1, a + len - 1 do
    if u % 3 == 0 then
      local x, y = G.perimeter_point(u, 1)
      pts[#pts + 1] = x
      pts[#pts + 1] = y
    end
  end
  pts[#pts + 1] = x1
  pts[#pts + 1] = y1
  local apx, apy = (mx + cx) / 2, (my + cy) / 2
  return {
    d = G.path_of(scaled(pts, S), false) .. q .. " Z",
    wall = sfmt("M %s %s", G.num(x1 * S), G.num(y1 * S)) .. q,
    apexes = { { apx, apy } },
    fx = (mx + apx) / 2 + (0.5 - (mx + apx) / 2) * 0.15, fy = (my + apy) / 2 + (0.5 - (my + apy) / 2) * 0.15,
  }
end

local function corner_shape(s, S, G)
  local x0, y0 = corner(s)
  local qx, qy = corner(s + 1)
  local x1, y1 = corner(s + 2)
  local cx, cy = qx + (0.5 - qx) * CORNER_BOW, qy + (0.5 - qy) * CORNER_BOW
  local q = sfmt(" Q %s %s %s %s", G.num(cx * S), G.num(cy * S), G.num(x0 * S), G.num(y0 * S))
  local apx, apy = 0.25 * (x0 + x1) + 0.5 * cx, 0.25 * (y0 + y1) + 0.5 * cy
  return {
    d = G.path_of(scaled({ x0, y0, qx, qy, x1, y1 }, S), false) .. q .. " Z",
    wall = sfmt("M %s %s", G.num(x1 * S), G.num(y1 * S)) .. q,
    apexes = { { apx, apy } },
    fx = qx + (apx - qx) * 0.6, fy = qy + (apy - qy) * 0.6,
  }
end

-- A band from side a to the opposite side, its middle line at c (0..1
-- across it, 0 being the side clockwise before a... see `frame`).
local function band(a, c, hw, S, G)
  -- frame: along the band u in 0..1, across it v in 0..1
  local function at(u, v)
    if a % 2 == 1 then return u, v end -- a west-east band
    return v, u                         -- a north-south band
  end
  local function pts(list)
    local out = {}
    for i = 1, #list, 2 do
      local x, y = at(list[i], list[i + 1])
      out[#out + 1] = x * S
      out[#out + 1] = y * S
    end
    return out
  end
  local lo, hi = c - hw, c + hw
  local outline = pts { 0, 1, 0, 0, 0.28, lo, 0.72, lo, 1, 0, 1, 1, 0.72, hi, 0.28, hi }
  local ax, ay = at(0.5, c)
  local p1x, p1y = at(0.5, lo)
  local p2x, p2y = at(0.5, hi)
  return {
    d = G.path_of(outline, true),
    wall = G.path_of(pts { 0, 0, 0.28, lo, 0.72, lo, 1, 0 }, false) .. " "
        .. G.path_of(pts { 1, 1, 0.72, hi, 0.28, hi, 0, 1 }, false),
    apexes = { { p1x, p1y }, { p2x, p2y } },
    fx = ax, fy = ay,
  }
end

-- }======================================================================

-- Which sides other walled areas hold: side -> true.
local function others_sides(walled, i)
  local sides = {}
  for j, w in pairs(walled) do
    if j ~= i and w.type ~= "band" then
      for s in pairs(w.sides) do sides[s] = true end
    end
  end
  return sides
end

local function plan_band(i, w, walled, S, G)
  for j, o in pairs(walled) do
    if j < i and o.type == "band" then -- crosses an earlier band: passes under it
      local c1 = cap(w.a * 3, 3, UNDER_CAP_DEPTH, S, G)
      local c2 = cap(w.b * 3, 3, UNDER_CAP_DEPTH, S, G)
      local a1, a2 = c1.apexes[1], c2.apexes[1]
      return { d = c1.d .. " " .. c2.d, wall = c1.wall .. " " .. c2.wall, apexes = { a1, a2 },
               fx = c1.fx, fy = c1.fy,
               under = G.path_of(scaled({ a1[1], a1[2], a2[1], a2[2] }, S), false) }
    end
  end
  -- across the band, v = 0 is the north side for a west-east band and the
  -- west side for a north-south one
  local near, far = 0, 2
  if w.a % 2 == 0 then near, far = 3, 1 end
  local sides = others_sides(walled, i)
  local c, hw = 0.5, BAND_HALF
  if sides[near] and sides[far] then hw = BAND_HALF * 0.75
  elseif sides[near] then c = 0.5 + BAND_SHIFT
  elseif sides[far] then c = 0.5 - BAND_SHIFT end
  return band(w.a, c, hw, S, G)
end

-- The tightest choice of one apex per touched area not taken yet.
local function gap_point(touched, taken)
  local best, best_key, best_spread
  local choice = {}
  local function try(k)
    if k > #touched then
      local key = {}
      local sx, sy = 0, 0
      for n, a in ipairs(choice) do key[n] = a.id; sx, sy = sx + a[1], sy + a[2] end
      key = tconcat(key, ",")
      if taken[key] then return end
      local mx, my = sx / #choice, sy / #choice
      local spread = 0
      for _, a in ipairs(choice) do spread = spread + ((a[1] - mx) ^ 2 + (a[2] - my) ^ 2) ^ 0.5 end
      if not best_spread or spread < best_spread - 1e-9 then best, best_key, best_spread = { mx, my }, key, spread end
      return
    end
    for _, a in ipairs(touched[k]) do
      choice[k] = a
      try(k + 1)
    end
    choice[k] = nil
  end
  try(1)
  if best then taken[best_key] = true end
  return best
end

--- The plan for a tile's walled areas and enclosed fields, or nil when
--- the plain drawing suffices. style_of(kind) gives a kind's style; G:
--- meeple.render's geometry helpers. Returns segment index -> {d, wall,
--- fx, fy} (walled areas) or {gap = true, x, y} (enclosed fields), and a
--- list of extra drawings {layer, svg}.
function W.plan(segs, S, style_of, G)
  local walled, n_walled, gaps = {}, 0, {}
  for i, seg in ipairs(segs) do
    local st = style_of(seg.kind)
    if st.walls and #seg.ports > 0 then
      local w = classify(seg.ports, G)
      if not w then return nil end
      walled[i], n_walled = w, n_walled + 1
    end
  end
  for i, seg in ipairs(segs) do
    if gap_kind(seg, style_of(seg.kind)) then
      for _, j in ipairs(seg.adjacent or {}) do
        if walled[j] then gaps[#gaps + 1] = i; break end
      end
    end
  end
  if n_walled < 2 and #gaps == 0 then return nil end
  local plan, extra = {}, {}
  for i, w in pairs(walled) do
    local shape
    if w.type == "cap" then shape = cap(w.a, w.len, CAP_DEPTH, S, G)
    elseif w.type == "corner" then shape = corner_shape(w.side, S, G)
    else shape = plan_band(i, w, walled, S, G) end
    for k, a in ipairs(shape.apexes) do a.id = i .. ":" .. k end
    plan[i] = shape
    if shape.under then
      local st = style_of(segs[i].kind)
      extra[#extra + 1] = { st.layer - 0.5, sfmt('<path class="wall under" d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-dasharray="%s %s"/>',
        shape.under, st.walls, G.num(S * 0.03), G.num(S * 0.06), G.num(S * 0.05)) }
    end
  end
  local taken = {}
  for _, i in ipairs(gaps) do
    local touched = {}
    local adj = {}
    for _, j in ipairs(segs[i].adjacent or {}) do adj[#adj + 1] = j end
    tsort(adj)
    for _, j in ipairs(adj) do
      if plan[j] then touched[#touched + 1] = plan[j].apexes end
    end
    local p = gap_point(touched, taken) or { 0.5, 0.5 }
    plan[i] = { gap = true, x = p[1], y = p[2] }
  end
  for _, p in pairs(plan) do
    if p.fx then p.fx, p.fy = p.fx * S, p.fy * S end
    if p.gap then p.x, p.y = p.x * S, p.y * S end
  end
  return plan, extra
end

return W
