-- The scenario format: a placement written while the turn waits in its
-- draw phase (abbey-mayor.md §2.1: a player holding an abbey, with a
-- hole on the board, first chooses between the abbey and a draw) is
-- refused with that reason.
scenario "format: a placement in the draw phase says so" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, -1 }, fixed = true },
  { "U", at = { 1, 0 }, rot = 1, fixed = true },
  { "B", at = { 0, 1 }, fixed = true },
  { "B", at = { -1, 0 }, fixed = true },
}

expect.phase "draw"
expect.illegal("place B 2,0 r0", "draw phase")
play "draw"
expect.phase "place_tile"
