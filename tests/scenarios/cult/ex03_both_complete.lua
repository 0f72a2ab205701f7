-- cult.md §4 [FAQ]: a tile that completes both the shrine and the
-- cloister of a challenge: nobody completed first, both score. Alice's
-- monk at 0,1 and Bob's heretic at 1,1; the 11th tile (1,2) is the last
-- cell of both blocks: 9 each, both figures home.
-- Players: 1 = Alice, 2 = Bob.
scenario "CULT-EX-03: both completed by one tile" {
  game = "base", with = { "cult" }, players = 2,
}

play("place B 0,1 r0", "deploy meeple C")
play("place cu.S 1,1 r0", "deploy meeple C")
play("place U -1,0 r1", "pass")
play("place U 1,0 r1", "pass")
play("place U 2,0 r1", "pass")
play("place E -1,1 r3", "pass")
play("place E 2,1 r1", "pass")
play("place E -1,2 r1", "pass")
play("place H 0,2 r1", "pass")
play("place E 2,2 r3", "pass")
expect.score { 0, 0 }
play("place H 1,2 r1", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "cloister" },
                          { player = 2, points = 9, reason = "cloister" } }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.supply { player = 2, kind = "meeple", count = 7 }
