-- The River (1st edition, 2001): 12 river tiles laid before the land.
-- Rules digest: shared/rules/river.md, cited as §n. Tile layouts and
-- their sources: tiles/river.tiles.
--
-- Written only against docs/lua-api.md: the river is a declared kind,
-- its tiles a stack played out first (stack_order) whose tiles must join
-- the river (stack joins), the spring a start tile that replaces the
-- base one on purpose, and the no-U-turn rule one veto scoped to the
-- curves, so every other placement stays in C.
--
-- [verify] points, settled from the public rules (see the tile file):
-- - The base start tile: the 1st-edition sheet lets it be mixed into the
--   river tiles or laid once the river is done; the digest (and the
--   later rules) shuffle it into the land tiles, as here (start replace:
--   the replaced start tile stays in the land stack). The two other
--   readings are not offered yet.
-- - A river tile that cannot continue the river is set aside and the
--   next one drawn: the engine discards a tile with no legal placement.
-- - U-turns: the sheet forbids a 180° turn; its FAQ says only
--   "immediate" U-turns. Option u_turn: strict (no two curves the same
--   way, straights between do not count) or adjacent (only two curves
--   in a row). JCloisterZone instead checks that the river has room.

expansion "river" { requires = { "base" } }

-- §4: the river scores nothing and holds no follower (the base figure's
-- `on` does not list it); it splits the fields on its banks.
kind "river" { closes = "ports", colour = "#3a7bd5", shape = "line" }

option "u_turn" {
  values = { "strict", "adjacent" }, default = "strict",
  doc = "strict: the river may not turn the same way twice, straights between "
     .. "do not count (default); adjacent: only two curves in a row count.",
}
-- §1: the spring is the start tile, its river leaving south; the other
-- ten river tiles are shuffled into their own stack, played out before
-- the land tiles; the lake, set aside, comes last (a stack of one).
-- §3: every river tile continues the river (joins = "river", in C).
stack "river" { joins = "river" }
stack "lake" { joins = "river" }
tiles "river" { stack = "river", by_tag = { lake = "lake" } }
local SPRING_ROTATION = 1                     -- the file's east exit turned south
start { tile = "river.spring", at = { 0, 0 }, rotation = SPRING_ROTATION, replace = true }
stack_order { "river", "lake", "main" }

-- {======================================================================
-- §3: no U-turn
-- =======================================================================

-- Ports are numbered clockwise from NNW (docs/tiles.md): the side
-- centres are N 1, E 4, S 7, W 10; turning a tile r quarter turns
-- clockwise moves port p to (p + 3r) % 12.
local function turned(p, rot) return (p + 3 * rot) % 12 end
local function opposite(p) return (p + 6) % 12 end

-- The river ports of each tile type, read once from the tile data (the
-- same in every game, so keeping them outside the game state is safe).
local river_ports = {}
local function ports_of(ctx, id)
  local ports = river_ports[id]
  if ports then return ports end
  ports = {}
  for _, seg in ipairs(ctx.game:rules():tile_def(id).segments) do
    if seg.kind == "river" then
      for _, p in ipairs(seg.ports) do ports[#ports + 1] = p end
    end
  end
  river_ports[id] = ports
  return ports
end

-- The way the river flows at its open end (dir, a side centre) and the
-- way its last curve turned (turn: 3 right, 9 left, 0 none yet). Only
-- curves change the flow, so only they need a hook (with u_turn =
-- adjacent, straights too: they reset the turn).
state { dir = turned(4, SPRING_ROTATION), turn = 0 }

-- Where a river tile laid at the open end with rotation rot sends the
-- river, and which way that turns it (0 straight); nil if its river
-- does not come in from the open end or ends there (the lake).
local function exit_of(ctx, id, rot)
  local st = ctx.state
  local inflow, came, out = opposite(st.dir), false, nil
  for _, p in ipairs(ports_of(ctx, id)) do
    local q = turned(p, rot)
    if q == inflow then came = true else out = q end
  end
  if not came or not out then return nil end
  return out, (out - st.dir) % 12             -- 0 straight, 3 right, 9 left
end

allow("tile_placement", function(ctx, move)
  local out, turn = exit_of(ctx, move.tile, move.rot)
  return out ~= nil and turn ~= ctx.state.turn
end, { tiles = { "curve" } })

local strict = option "u_turn" == "strict"
on("tile_placed", function(ctx, th)
  local info = th:info()
  local st = ctx.state
  local out, turn = exit_of(ctx, info.id, info.rot)
  if not out then return end
  st.dir, st.turn = out, turn
end, { tiles = { strict and "curve" or "river" } })
-- }======================================================================
