-- base.md §2 step 1 and §3.1: a tile with no legal position is removed
-- from the game and another is drawn.
-- The board is one B (all field); the C (all city) fits nowhere.
scenario "an unplaceable tile is discarded and replaced by the next draw" {
  game = "base", players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 } },
}
draws { "C", "E" }

expect.tile "E"
expect.discards { "C" }
expect.player(1)
expect.phase "place_tile"
expect.illegal("place C 1,0 r0", "side")
play "place E 1,0 r1"
