-- The Brook: a fan expansion for the base game, River-like. An original
-- design (README.md tells the rules), written only with the public API
-- and one hook: the engine's `stack { joins = ..., turns = ... }`, which
-- keeps the shipped River on course in C, is not used; a Lua veto does
-- that work instead, and finds the brook's open end on every call.
--
--   meeple play --with ./examples/fan-river/brook.lua
--   meeple test examples/fan-river/scenarios
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "brook" { requires = { "base" } }

-- The brook scores nothing and holds no follower (the base meeple's `on`
-- does not list it); a brook side faces only a brook side, so it splits
-- the fields on its banks.
kind "brook" { closes = "ports", colour = "#4a90c8", shape = "line" }

-- The spring is the start tile, its brook leaving south; the other brook
-- tiles are played out first from their own stack, and the pond, set
-- aside, comes last; then the land tiles.
stack "brook" {}
stack "brook_end" {}
tiles "brook" { stack = "brook", by_tag = { pond = "brook_end" } }
start { tile = "bk.spring", at = { 0, 0 }, rotation = 1, replace = true }
stack_order { "brook", "brook_end", "main" }

local SPRING_X, SPRING_Y, SPRING_PORT = 0, 0, "S"

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

-- How a tile turns the water that comes in by port `inport` and leaves by
-- `outport` (board ports, 0..11): 6 straight on, 3 or 9 a turn one way or
-- the other.
local function turn(inport, outport) return (outport - inport) % 12 end

-- The last turn the brook took, found by walking it from the spring: the
-- walk calls this once per brook tile (the only Lua run per step).
local last_turn
local function note_turn(_, _, _, inport, outport)
  if outport and turn(inport, outport) ~= 6 then last_turn = turn(inport, outport) end
end

-- Every brook tile continues the brook at its open end, and may not turn
-- the same way as the brook's last turn (no U-turn; straights between do
-- not count). The veto is asked only while a brook stack is drawn from.
allow("tile_placement", function(ctx, move)
  local game = ctx.game
  -- one call: the brook's open end and the empty cell it faces
  local _, _, _, port, to_x, to_y = game:walk(SPRING_X, SPRING_Y, SPRING_PORT)
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
  last_turn = nil
  game:walk(SPRING_X, SPRING_Y, SPRING_PORT, note_turn)
  if turn(inport, outport) == last_turn then
    return false, "the brook may not turn the same way twice"
  end
end, { stack = { "brook", "brook_end" } })
