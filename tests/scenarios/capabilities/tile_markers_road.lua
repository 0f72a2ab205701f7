-- Markers on tiles (docs/capabilities.md, "Markers on tiles"): a `to_tile`
-- figure deployed on a segment of the tile just placed stands on the
-- tile, and `per_figure_on_tiles` counts it for the road over that tile
-- (house/wells.lua: 2 a well on a road; nothing for a city).
-- Alice's knight on D's cap at 0,0; Bob's thief on the junction W at
-- -1,-1. Alice's D at 0,-1 (turned: cap S, road W-E) closes the city (2
-- tiles) and the road between the junctions (3 tiles), and she digs a
-- well, named on the city's segment N: the city pays her 4, the road pays
-- Bob 3 + 2. The well is on no segment, and the narrowed figure_placed
-- hook counted it (and not the setup's followers).
scenario "markers on tiles: a well adds 2 to the road over its tile" {
  game = "base", rules = { "house/wells.lua" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, rot = 0, figure = { player = 1, on = "N" } },
  { "W", at = { -1, -1 }, rot = 0, fixed = true, figure = { player = 2, on = "E" } },
  { "W", at = { 1, -1 }, rot = 0, fixed = true },
}
stack { "D" }
play("place D 0,-1 r2", "deploy well N")
expect.over()
expect.final { 4, 5 }
expect.ledger { { player = 1, points = 4, reason = "city" }, { player = 2, points = 5, reason = "road" } }
expect.figure { at = { 0, -1 }, spot = "N", kind = "well", count = 0 }
expect.supply { player = 1, kind = "well", count = 1 }
expect.counter { player = 1, counter = "wells_dug", value = 1 }
