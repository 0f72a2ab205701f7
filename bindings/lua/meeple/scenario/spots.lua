-- meeple.scenario.spots: how a scenario names places on a tile: ports
-- (N, NNE, ...), corners (NE, ...), inner segments (C, C2, ...), and
-- rotations; and the move texts "place ID X,Y rR" and "deploy KIND SPOT".
-- Pure functions of a tile definition (meeple.tiles) and a rotation.

local meeple = require "meeple"

local M = {}

local PORT = {}
for p = 0, 11 do PORT[meeple.port_name(p)] = p end

local function board_port(p, rot) return (p + 3 * rot) % 12 end

-- The name the engine gives a segment in a deploy move: its first port
-- in board orientation, side centres first; C, C2, ... for inner ones.
local function spot_of_segment(def, seg_index, rot)
  local seg = def.segments[seg_index]
  if #seg.ports == 0 then
    local nth = 0
    for i = 1, seg_index do if #def.segments[i].ports == 0 then nth = nth + 1 end end
    return nth == 1 and "C" or ("C" .. nth)
  end
  local best, brank
  for _, p in ipairs(seg.ports) do
    local bp = board_port(p, rot)
    local rank = (bp % 3 == 1) and bp - 100 or bp
    if not best or rank < brank then best, brank = bp, rank end
  end
  return meeple.port_name(best)
end

-- A tile's corners name the field at them: the port just clockwise of
-- the corner (all eight ports around a barn's corner are one field).
local CORNER_PORT = { NE = "NNE", SE = "SSE", SW = "SSW", NW = "NNW" }

-- The segment (index from 1) of a placed tile named by a spot: any port
-- it covers (board orientation), a corner (NE, SE, SW, NW) or C, C2, ...
local function segment_at_spot(def, rot, spot)
  if type(spot) ~= "string" then return nil end
  spot = CORNER_PORT[spot] or spot
  local inner = spot:match("^C(%d*)$")
  if inner then
    local want, nth = tonumber(inner ~= "" and inner or "1"), 0
    for i, seg in ipairs(def.segments) do
      if #seg.ports == 0 then
        nth = nth + 1
        if nth == want then return i end
      end
    end
    return nil
  end
  local bp = PORT[spot]
  if not bp then return nil end
  for i, seg in ipairs(def.segments) do
    for _, p in ipairs(seg.ports) do
      if board_port(p, rot) == bp then return i end
    end
  end
  return nil
end

-- A tile's shape after rotating: used to map a rotation onto the one the
-- engine lists for a symmetric tile ("place U 0,1 r2" is "... r0").
local function shape(def, rot)
  local segs = {}
  for _, seg in ipairs(def.segments) do
    local ports = {}
    for _, p in ipairs(seg.ports) do ports[#ports + 1] = board_port(p, rot) end
    table.sort(ports)
    local attrs = {}
    for _, a in ipairs(seg.attrs or {}) do attrs[#attrs + 1] = a.name .. "=" .. tostring(a.value) end
    table.sort(attrs)
    segs[#segs + 1] = seg.kind .. ":" .. table.concat(ports, ",") .. ":" .. table.concat(attrs, ",")
  end
  table.sort(segs)
  return table.concat(segs, ";")
end

local function parse_place(text)
  local id, x, y, r = text:match("^place (%S+) (%-?%d+),(%-?%d+) r(%d)$")
  if id then return id, tonumber(x), tonumber(y), tonumber(r) end
end

local function parse_deploy(text)
  return text:match("^deploy (%S+) (%S+)$")
end

M.board_port, M.spot_of_segment, M.segment_at_spot = board_port, spot_of_segment, segment_at_spot
M.shape, M.parse_place, M.parse_deploy = shape, parse_place, parse_deploy

return M
