-- brook.lua with its veto written step by step, as a fan would without the
-- walking helpers: tile_at, feature_at and spot for every tile of the brook.
-- It plays the same games; it is here only to measure what the helpers save
-- (README.md, "What it costs"). Load one of the two, never both.
api "2"
expansion "brook" { requires = { "base" } }
kind "brook" { closes = "ports", colour = "#4a90c8", shape = "line" }
stack "brook" {}
stack "brook_end" {}
tiles "brook" { stack = "brook", by_tag = { pond = "brook_end" } }
start { tile = "bk.spring", at = { 0, 0 }, rotation = 1, replace = true }
stack_order { "brook", "brook_end", "main" }
local DX, DY = { [0] = 0, 1, 0, -1 }, { [0] = -1, 0, 1, 0 }
-- The brook's ports of each tile type as brook.tiles draws it (every
-- tile entering from the west, port 10: straights leave east, 4, curves
-- south, 7). Written here rather than read with rules():tile_def(id),
-- which builds the whole definition as tables: a script's locals start
-- afresh with every game, so a cache of it would be rebuilt every game.
local BROOK_PORTS = {
  ["bk.spring"] = { 4 }, ["bk.pond"] = { 10 },
  ["bk.S"] = { 10, 4 }, ["bk.R"] = { 10, 4 }, ["bk.C"] = { 10, 4 },
  ["bk.K"] = { 10, 7 },
}
local function turn(inport, outport) return (outport - inport) % 12 end
-- walks from the spring: the open end (port, cell) and the last turn
local function walk(game)
  local x, y, port, last = 0, 0, 7, nil
  while true do
    local nx, ny = x + DX[port // 3], y + DY[port // 3]
    if not game:tile_at(nx, ny) then return port, nx, ny, last end
    local inport = (port + 6) % 12
    local out
    for _, p in ipairs(game:feature_at(nx, ny, inport):spot().ports) do
      if p ~= inport then out = p end
    end
    if not out then return nil end
    if turn(inport, out) ~= 6 then last = turn(inport, out) end
    x, y, port = nx, ny, out
  end
end
allow("tile_placement", function(ctx, move)
  local port, to_x, to_y, last_turn = walk(ctx.game)
  if not port or move.x ~= to_x or move.y ~= to_y then
    return false, "the brook goes on at its open end"
  end
  local inport = (port + 6) % 12
  local ports, rot = BROOK_PORTS[move.tile], 3 * move.rot
  local outport
  for i = 1, #ports do
    local p = (ports[i] + rot) % 12
    if p ~= inport then outport = p end
  end
  if not outport or turn(inport, outport) == 6 then return true end
  if turn(inport, outport) == last_turn then
    return false, "the brook may not turn the same way twice"
  end
end, { stack = { "brook", "brook_end" } })
