-- hills_sheep.md §7 HS-EX-02, §3.4: Alice's flock of 3 grows and draws a
-- wolf: flock and wolf back into the bag, the shepherd home, no points.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-02: the wolf scatters a flock" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep3", "hs.wolf", stack = "sheep" }
play("place U 1,0 r1", "deploy shepherd S")
play("place U -1,0 r1", "pass")
play("place U 2,0 r1", "pass", "action flock_grow 0 0 0 0")
expect.ledger_last_turn {}
expect.supply { player = 1, kind = "shepherd", count = 1 }
expect.free { at = { 1, 0 }, port = "S" }
expect.stack { size = 18, stack = "sheep" }
expect.score { 0, 0 }
