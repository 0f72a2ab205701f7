-- traders-builders.md §8: the last tile of the game drawn as the first
-- part of a double turn: there is no second tile to draw, so the turn and
-- the game end (final scoring follows as in base.md §4.2).
-- Your thief and builder are on an open road of 2 tiles; the last tile
-- extends it to 3: the thief scores 3 at the end, the builder nothing.
-- Players: 1 = You, 2 = Blue.
scenario "double turn earned with the last tile: the game ends" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
  { "U", at = { 0, 1 } },
}
stack { "U" }

play("place U 0,-1 r0", "pass")
expect.over()
expect.final { 3, 0 }
