-- The scenario format itself: draws in the middle of a game, turn(),
-- choose() with a move table, expect.tile/moves/stack/tile_at/turn,
-- and finish() playing out an exact stack.
scenario "format: draws, turn, choose, finish" {
  game = "base", players = 2, start = false, seed = 7,
}

setup {
  { "E", at = { 0, 0 } },
}
draws { "U" }

expect.tile "U"
expect.turn(1)
turn "place U 1,0 r0"                  -- passes the deploy step
expect.player(2)
draws { "V" }                          -- decides the tile in hand now
expect.tile "V"
choose { type = "place", tile = "V", x = 1, y = 1, rot = 1 }
expect.tile_at { at = { 1, 1 }, id = "V", rot = 1 }
expect.moves { match = "^deploy", count = 3 }   -- road, two fields
play "pass"
stack { "E", "E" }
expect.tile "E"
expect.stack { size = 1 }
finish()
expect.over()
expect.turn(5)
