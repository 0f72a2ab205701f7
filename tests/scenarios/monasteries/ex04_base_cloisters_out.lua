-- monasteries.md §1: the base game's 6 cloister tiles go back into the box
-- (the default): 71 tiles in the stack before the first draw, none of
-- them A or B.
-- Players: 1 = Alice, 2 = Bob.
scenario "MONA-EX-04: base cloisters out" {
  game = "base", with = { "monasteries" }, players = 2,
}

play("place mo.M1 0,1 r0", "pass")
expect.stack { size = 69, stack = "main" }
finish()
expect.over()
