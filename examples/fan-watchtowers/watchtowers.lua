-- Watchtowers: a fan expansion for the base game. An original design
-- (README.md tells the rules), written only with hooks and the public
-- API: no declaration of the engine does any of it.
--
--   meeple play --with ./examples/fan-watchtowers/watchtowers.lua
--   meeple test examples/fan-watchtowers/scenarios
--
-- A watchtower sees along its row and its column, in the four
-- directions, as far as the land reaches: up to the first empty cell.
-- Both rules ask the board one question (docs/lua-api.md, "Walking the
-- board"): g:line, how many tiles lie in those lines, and g:sight, how
-- many tiles and figures.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "watchtowers" { requires = { "base" } }

-- 6 tiles (watchtowers.tiles, next to this script), shuffled into the
-- base game's draw stack. Each carries `tower` = 1 on its first segment.
attribute "tower" { merge = "sum" }
tiles "watchtowers"
reason "lookout"

local MIN_VIEW = 2   -- tiles a new watchtower must overlook
local TOO_LOW = "a watchtower must overlook at least " .. MIN_VIEW .. " tiles"

-- Siting: a watchtower is built only where it overlooks at least
-- MIN_VIEW tiles. Asked only about watchtower tiles' placements (the
-- `tiles` scope), so the other tiles never reach Lua. A watchtower that
-- fits nowhere so is discarded, as any tile that cannot be placed.
allow("tile_placement", function(ctx, move)
  if ctx.game:line(move.x, move.y) < MIN_VIEW then
    return false, TOO_LOW
  end
end, { tiles = { "watchtower" } })

-- Lookout: a player who puts a figure on the watchtower tile just placed
-- scores 1 point for every figure, anyone's, standing in its lines of
-- sight. figure_placed cannot be scoped, so the hook runs after every
-- deploy: it takes ctx alone (the flow then builds no move for it) and
-- tells in one cheap call, with no table built, whether the tile is a
-- tower.
on("figure_placed", function(ctx)
  local tile = ctx.play:placed()
  if not tile or tile:segment_attr(1, "tower") == 0 then return end
  local _, figures = ctx.game:sight(tile:xy())
  if figures > 0 then ctx:score(ctx.player, figures, "lookout") end
end)
