-- cult.md §4, §6 example 3: a challenge nobody wins during play ends with
-- the game: both buildings score as unfinished cloisters. Alice's shrine
-- at 1,0 and Bob's cloister at 0,1 each have two tiles around: 3 each.
-- Players: 1 = Alice, 2 = Bob.
scenario "CULT-EX-04: an open challenge at the end" {
  game = "base", with = { "cult" }, players = 2,
}

play("place cu.SR 1,0 r1", "deploy meeple C")
play("place B 0,1 r0", "deploy meeple C")
final()
expect.final { 3, 3 }
expect.ledger_final { { player = 1, points = 3, reason = "cloister" },
                      { player = 2, points = 3, reason = "cloister" } }
