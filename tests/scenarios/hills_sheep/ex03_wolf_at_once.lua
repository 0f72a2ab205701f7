-- hills_sheep.md §7 HS-EX-03, §3.1: the shepherd just placed draws a wolf:
-- it goes home at once, the wolf back into the bag.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-03: a wolf at once" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.wolf", stack = "sheep" }
play("place U 1,0 r1", "deploy shepherd S")
expect.supply { player = 1, kind = "shepherd", count = 1 }
expect.free { at = { 1, 0 }, port = "S" }
expect.stack { size = 18, stack = "sheep" }
