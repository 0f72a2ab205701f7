-- hills_sheep.md §7 HS-EX-07, §4: a hill tile is laid on a tile taken face
-- down from the stack: that tile leaves the game (89 tiles: 88 after the
-- hill is placed, less the one under it).
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-07: the tile under the hill" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

expect.stack { size = 88, stack = "main" }         -- 72 + 18 - the start; one in hand
play("place hs.RFR.h 1,0 r1", "pass")
expect.discards(1)
expect.stack { size = 86, stack = "main" }         -- the next tile is in hand
