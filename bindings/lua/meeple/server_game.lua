-- meeple.server_game: a table's game as plain data for bots (GET
-- /api/v1/tables/ID/game, docs/protocol.md, docs/protocol/game.json):
-- every placed tile with its segments, every feature with its kind,
-- open/closed and occupants, every figure on the board with its spot as
-- moves name it, supplies, scores, the tile in hand and the tiles left
-- per stack. Read-only: building it never changes the game.

local meeple = require "meeple"

local M = {}

local PORTS = meeple.ports -- board ports 0..11 (PORTS[0] is NNW)

-- The name a deploy move gives a segment: its first port in board
-- orientation, side centres (N E S W) first, or C, C2... for segments
-- that touch no edge (bindings/play/wrap_play.c, spot_name, names moves so).
local function spot_names(th)
  local names, inner = {}, 0
  for i = 1, th:info().segments do
    local ports = th:feature(i):spot().ports
    if #ports == 0 then
      inner = inner + 1
      names[i] = inner == 1 and "C" or ("C" .. inner)
    else
      local best, brank
      for _, bp in ipairs(ports) do
        local rank = bp % 3 == 1 and bp - 100 or bp
        if not best or rank < brank then best, brank = bp, rank end
      end
      names[i] = PORTS[best]
    end
  end
  return names
end

local function feature_id(fh)
  local x, y, s = fh:anchor()
  return ("%d,%d,%d"):format(x, y, s)
end

local list = require("meeple.record").list

--- The structured game of table t (server.lua's table record).
function M.build(t)
  local g, play, rs = t.g, t.play, t.rs
  local out = { tiles = list({}), features = list({}), figures = list({}) }
  local names_at, seen = {}, {}
  for _, th in ipairs(g:tiles()) do
    local ti = th:info()
    local names = spot_names(th)
    names_at[ti.x .. "," .. ti.y] = names
    local segs = list({})
    for i = 1, ti.segments do
      local fh = th:feature(i)
      local ports = list({})
      for k, p in ipairs(fh:spot().ports) do ports[k] = PORTS[p] end
      local fid = feature_id(fh)
      segs[i] = { spot = names[i], kind = fh:kind(), ports = ports, feature = fid }
      if not seen[fid] then
        seen[fid] = true
        local info = fh:info()
        local occ = list({})
        for _, fig in ipairs(fh:figures()) do
          local fi = fig:info()
          occ[#occ + 1] = { kind = fi.kind, owner = fi.owner or 0 }
        end
        out.features[#out.features + 1] = { id = fid, kind = info.kind, closed = info.closed == true,
                                             open = info.open, tiles = info.tiles, occupants = occ }
      end
    end
    out.tiles[#out.tiles + 1] = { id = ti.id, x = ti.x, y = ti.y, rot = ti.rot, segments = segs }
  end
  for _, fig in ipairs(g:placed_figures()) do
    local fi = fig:info()
    local e = { kind = fi.kind, owner = fi.owner or 0 }
    local at = fi.at or {}
    if fi.tile then
      local ti = fi.tile:info()
      e.x, e.y = ti.x, ti.y
      if fi.segment then
        e.spot = names_at[ti.x .. "," .. ti.y][fi.segment]
        e.feature = feature_id(at.feature)
      else
        e.spot = "tile"
      end
    elseif at.corner or at.cell then
      local c = at.corner or at.cell
      e.x, e.y, e.spot = c[1], c[2], at.corner and "corner" or "cell"
    end
    out.figures[#out.figures + 1] = e
  end
  local supplies = list({})
  for p = 1, g:players() do
    local s = {}
    for _, f in ipairs(rs.decl.figures or {}) do
      local ok, n = pcall(g.supply, g, p, f.name)
      if ok and math.type(n) == "integer" then s[f.name] = n end
    end
    supplies[p] = s
  end
  out.supplies = supplies
  local stacks = {}
  for _, name in ipairs(rs.decl.stacks or {}) do
    local ok, n = pcall(g.stack_size, g, name)
    if ok then stacks[name] = n end
  end
  out.stacks = stacks
  out.scores = list(g:scores())
  if not play:over() then
    out.player, out.turn, out.phase, out.tile = play:player(), play:turn(), play:phase(), play:tile()
    out.decider = play:decider()
  end
  return out
end

return M
