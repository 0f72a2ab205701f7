-- monasteries.md §3, §4, §6 example 2: Alice's abbot at 0,1 and Bob's
-- monk at 1,1, both on special monasteries, surrounded by the same tile
-- (1,2). The monk scores as a cloister (9) and goes home; the abbot scores
-- nothing then and stays. At the end the abbot scores its lines: up 0,0
-- (1), right 1,1 2,1 (2), down 0,2 (1), left -1,1 (1), itself 1: 6.
-- Players: 1 = Alice, 2 = Bob.
scenario "MONA-EX-02: monk or abbot" {
  game = "base", with = { "monasteries" }, players = 2,
}

play("place mo.M1 0,1 r0", "deploy lying_abbot C")
expect.supply { player = 1, kind = "meeple", count = 6 }
play("place mo.M2 1,1 r0", "deploy meeple C")
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
expect.closed { at = { 0, 1 }, port = "C" }
expect.ledger_last_turn { { player = 2, points = 9, reason = "cloister" } }
expect.occupied { at = { 0, 1 }, port = "C", by = { 1 } }
expect.supply { player = 1, kind = "meeple", count = 6 }
final()
expect.ledger_final { { player = 1, points = 6, reason = "monastery" } }
expect.final { 6, 9 }
