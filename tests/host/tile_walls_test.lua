-- Walled areas that share a tile (meeple.render_walls, issue 20 part 1):
-- on every tile of every shipped set with two or more city or town
-- segments, or a field enclosed by them, the drawn shapes never overlap,
-- each has a wall, each figure spot lies inside its own shape and no
-- other, and an enclosed field is the gap between the walls (no disc),
-- with its figure spot outside every walled shape. Shapes are checked by
-- sampling a grid against the flattened SVG paths (M, L, Q, Z).
local tiles = require "meeple.tiles"
local render = require "meeple.render"

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

-- A path's closed polygons (quadratic curves cut into 12 pieces each).
local function polygons(d)
  local polys, cur = {}, nil
  local nums = {}
  local x, y = 0, 0
  for cmd, args in d:gmatch("([MLQZ])([^MLQZ]*)") do
    nums = {}
    for n in args:gmatch("-?[%d%.]+") do nums[#nums + 1] = tonumber(n) end
    if cmd == "M" then
      cur = { nums[1], nums[2] }
      polys[#polys + 1] = cur
      x, y = nums[1], nums[2]
    elseif cmd == "L" then
      cur[#cur + 1] = nums[1]
      cur[#cur + 1] = nums[2]
      x, y = nums[1], nums[2]
    elseif cmd == "Q" then
      for k = 1, 12 do
        local t = k / 12
        local a, b, c = (1 - t) ^ 2, 2 * t * (1 - t), t * t
        cur[#cur + 1] = a * x + b * nums[1] + c * nums[3]
        cur[#cur + 1] = a * y + b * nums[2] + c * nums[4]
      end
      x, y = nums[3], nums[4]
    end
  end
  return polys
end

local function inside(polys, px, py)
  local odd = false
  for _, p in ipairs(polys) do
    local n = #p // 2
    for i = 1, n do
      local j = i % n + 1
      local xi, yi, xj, yj = p[2 * i - 1], p[2 * i], p[2 * j - 1], p[2 * j]
      if (yi > py) ~= (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi then odd = not odd end
    end
  end
  return odd
end

local S = 100
local checked = {}
local function check_tile(set, t)
  local walled, gaps = {}, {}
  local layout = render.layout(t, S)
  for i, seg in ipairs(t.segments) do
    local st = render.STYLES[seg.kind] or {}
    if st.walls and #seg.ports > 0 then walled[#walled + 1] = i end
    if layout[i].kind == "gap" then gaps[#gaps + 1] = i end
  end
  if #walled < 2 and #gaps == 0 then return end
  checked[#checked + 1] = set .. ":" .. t.id
  local name = set .. " " .. t.id
  local polys = {}
  for _, i in ipairs(walled) do
    polys[i] = polygons(layout[i].d)
    check(layout[i].wall and #layout[i].wall > 0, name .. ": segment " .. i .. " has a wall")
  end
  -- no grid point lies in two walled shapes (a margin of 1.5% leaves the
  -- corners, where two walls may meet, out)
  local overlaps = 0
  for gx = 2, 98, 2 do
    for gy = 2, 98, 2 do
      local n = 0
      for _, i in ipairs(walled) do
        if inside(polys[i], gx + 0.5, gy + 0.5) then n = n + 1 end
      end
      if n > 1 then overlaps = overlaps + 1 end
    end
  end
  check(overlaps == 0, name .. ": walled shapes overlap at " .. overlaps .. " grid points")
  for _, i in ipairs(walled) do
    local L = layout[i]
    check(inside(polys[i], L.fx, L.fy), name .. ": the figure spot of segment " .. i .. " is inside its shape")
    for _, j in ipairs(walled) do
      if j ~= i then check(not inside(polys[j], L.fx, L.fy), name .. ": segment " .. i .. "'s spot is not in " .. j) end
    end
  end
  for _, i in ipairs(gaps) do
    local L = layout[i]
    for _, j in ipairs(walled) do
      check(not inside(polys[j], L.fx, L.fy), name .. ": enclosed field " .. i .. " stands clear of segment " .. j)
    end
  end
  local svg = render.tile_svg(t, { size = S })
  check(not svg:find('<circle[^>]-fill="' .. render.STYLES.field.fill .. '"'), name .. ": no disc stands for an enclosed field")
  check(svg:find('class="tile%-bg"[^>]-fill="' .. render.STYLES.field.fill .. '"') ~= nil or #gaps == 0,
        name .. ": the gaps between the walls are field")
  -- two enclosed fields are two places
  if #gaps == 2 then
    local a, b = layout[gaps[1]], layout[gaps[2]]
    check(math.abs(a.fx - b.fx) + math.abs(a.fy - b.fy) > S * 0.2, name .. ": two enclosed fields stand apart")
  end
end

for _, set in ipairs { "base", "abbey_mayor", "traders_builders", "new_world" } do
  local list = assert(tiles.load_resolved("tiles/" .. set .. ".tiles"))
  for _, t in ipairs(list.tiles or list) do check_tile(set, t) end
end
-- the tiles the issue names are among those checked
local names = table.concat(checked, " ")
for _, id in ipairs { "base:H", "base:I", "abbey_mayor:am.02", "abbey_mayor:am.03", "traders_builders:tb.M",
                      "traders_builders:tb.N", "traders_builders:tb.X", "traders_builders:tb.F" } do
  check(names:find(id, 1, true), id .. " is checked")
end
-- am.03: the second city passes under the first (a dashed wall line)
do
  local list = assert(tiles.load_resolved("tiles/abbey_mayor.tiles"))
  for _, t in ipairs(list.tiles or list) do
    if t.id == "am.03" then
      check(render.tile_svg(t, { size = S }):find('class="wall under"', 1, true), "am.03: the W-E city passes under")
    end
  end
end

print(("tile walls: %d tiles, %d passed, %d failed"):format(#checked, passed, failed))
if failed > 0 then os.exit(1) end
