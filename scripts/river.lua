-- The River (1st edition, 2001): 12 river tiles laid before the land.
-- The rules, in sections cited as §n below: §1 Components and setup;
-- §2 Turn structure; §3 Placement; §4 Scoring; §5 Interactions;
-- §7 Worked examples. Tile layouts and their sources: tiles/river.tiles.
--
-- Written only against docs/lua-api.md: the river is a declared kind,
-- its tiles a stack played out first (stack_order) whose tiles must join
-- the river (stack joins) and turn left and right by turns (stack
-- turns), the spring a start tile that replaces the base one on purpose:
-- no hook, so every placement stays in C.
--
-- [verify] points, settled from the public rules (see the tile file):
-- - The base start tile: option start_tile. shuffled (default, the
--   digest and the later rules): it goes into the land tiles (start
--   replace: the replaced start tile stays in its stack); out (editions
--   that keep it out): it leaves the game (start replaced = "out").
-- - A river tile that cannot continue the river is set aside and the
--   next one drawn: the engine discards a tile with no legal placement
--   (scenario set_aside.lua).
-- - U-turns: the sheet forbids a 180° turn; its FAQ says only
--   "immediate" U-turns. Option u_turn: strict (no two curves the same
--   way, straights between do not count) or adjacent (only two curves
--   in a row). JCloisterZone instead checks that the river has room.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "river" { requires = { "base" } }

-- §4: the river scores nothing and holds no follower (the base figure's
-- `on` does not list it); it splits the fields on its banks.
kind "river" { closes = "ports", colour = "#3a7bd5", shape = "line" }

option "u_turn" {
  values = { "strict", "adjacent" }, default = "strict",
  doc = "strict: the river may not turn the same way twice, straights between "
     .. "do not count (default); adjacent: only two curves in a row count.",
}
option "start_tile" {
  values = { "shuffled", "out" }, default = "shuffled",
  doc = "shuffled: the base start tile is shuffled into the land tiles (default); "
     .. "out: it is left out of the game.",
}
-- §1: the spring is the start tile, its river leaving south; the other
-- ten river tiles are shuffled into their own stack, played out before
-- the land tiles; the lake, set aside, comes last (a stack of one).
-- §3: every river tile continues the river (joins = "river"), and may
-- not turn the same way as the last curve (turns = "alternate") or as
-- the tile just before it (turns = "alternate_adjacent"): both in C, so
-- the river runs no Lua at all.
local TURNS = { strict = "alternate", adjacent = "alternate_adjacent" }
stack "river" { joins = "river", turns = TURNS[option "u_turn"] }
stack "lake" { joins = "river" }
tiles "river" { stack = "river", by_tag = { lake = "lake" } }
local SPRING_ROTATION = 1                     -- the file's east exit turned south
start { tile = "river.spring", at = { 0, 0 }, rotation = SPRING_ROTATION, replace = true,
        replaced = option "start_tile" }
stack_order { "river", "lake", "main" }
