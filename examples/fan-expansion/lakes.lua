-- Lakes & Fishers: a fan expansion for the base game. An original design,
-- made to show that a new mechanic needs a tiles file and a script and no
-- change to the engine (README.md tells the rules; docs/tutorial.md builds
-- a smaller version of it step by step).
--
--   meeple play --with ./examples/fan-expansion/lakes.lua
--   meeple play --with traders_builders,./examples/fan-expansion/lakes.lua,./examples/fan-expansion/lakes_traders.lua
--
-- Everything here is declared as data: the engine evaluates it in C and
-- the expansion makes no Lua call during play.
--   the lake, its shore, roads ending at it     kind + match
--   11 tiles in the draw stack                  tiles "lakes"
--   the fisher: two each, only on lakes         figure "fisher"
--   lake scoring, completed and unfinished      score "lake"
-- The interaction with Traders & Builders (fish as a fourth good) is a
-- separate script, lakes_traders.lua, that requires both.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "lakes" { requires = { "base" } }

-- {======================================================================
-- The new feature kind: the lake
-- =======================================================================

-- A lake covers whole sides of its tiles and joins the lake on the other
-- side, like a city. It is complete when none of its sides is left open.
kind "lake" { closes = "ports", colour = "#3f88c5", shape = "area" }  -- colour, shape: how pictures draw it

-- Its shore: a lake side may face a field or a road side. The two stay
-- separate features ("match", not "join"), and facing closes the port on
-- both sides, so a road that runs into a lake ends there, and a lake
-- whose every side is bordered by land is complete. A lake side never
-- faces a city (no `match` for that pair: such a placement is illegal).
match("lake", "field", "match")
match("lake", "road", "match")

-- Fish symbols printed in the water add up as lakes join.
attribute "fish" { merge = "sum" }

-- 11 tiles (lakes.tiles, next to this script), shuffled into the base
-- game's draw stack.
tiles "lakes"

-- }======================================================================

-- {======================================================================
-- The new figure: the fisher
-- =======================================================================

-- Each player has two fishers besides the seven meeples. A fisher is
-- placed instead of a follower, on a lake segment of the tile just placed,
-- and only where no fisher is yet (one per lake, however large; lakes that
-- join may hold several, and the majority takes it). Meeples cannot go on
-- a lake, fishers nowhere else. It goes home when its lake is scored.
figure "fisher" {
  per_player = 2,
  on = { "lake" },
  group = "fisher",
  blocked_by = { "fisher" },
  strength = 1,
}

-- }======================================================================

-- {======================================================================
-- Scoring
-- =======================================================================

-- A completed lake: 2 per tile, 2 per fish, and 1 per road that ends at
-- its shore on its own tiles (each road counted once: a road that brings
-- buyers to the fish). An unfinished lake at the end of the game pays
-- only its fish, 1 each: a fisher left on open water is a gamble.
score "lake" {
  closed = { per_tile = 2, fish = 2, per_adjacent = { road = 1 } },
  final  = { fish = 1 },
}

-- }======================================================================
