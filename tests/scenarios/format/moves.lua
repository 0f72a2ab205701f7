-- The scenario format: moves named for a player, corner names, `pass`
-- after a skipped figure phase, and turn() across a builder's second
-- part (traders-builders.md §2.1: a tile extending your builder's road
-- or city earns one more tile).
scenario "format: player-named moves, corners, skipped phases, extra parts" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },
  { "G", at = { 1, 0 }, fixed = true },
  { "B", at = { 0, 1 } },
  { "U", at = { 5, 0 }, fixed = true, figures = { { player = 2, on = "N" }, { player = 2, kind = "builder", on = "N" } } },
}

-- corners: NE of the tile just placed names the field there
play { player = 1, "place B 1,1 r0" }
expect.moves { match = "^deploy barn", count = 0 }   -- AM-EX-14: the city reaches the corner
expect.legal "deploy meeple NE"
play { player = 1, "pass" }
-- player 2 extends the road of their builder: a second tile, in one turn()
turn { player = 2, "place U 5,1 r0", "place U 5,-1 r0" }
expect.player(1)
expect.tile_at { at = { 5, -1 }, id = "U" }
-- a tile on which nothing can be deployed: the figure phase is skipped
-- and a written "pass" passes nothing
