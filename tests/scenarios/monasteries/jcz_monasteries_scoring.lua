-- JCloisterZone engine test engine-tests/monasteries/monasteries-scoring.jcz
-- (farin/JCloisterZone-Client), converted: monasteries.md §4.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), MO/M4 = mo.M4,
-- BA/C = E (R180 = r2), BA/RFr R0 = U r1, BA/RFr R90 = U r0; JCZ
-- positions are ours (y grows south). JCZ plays the base cloisters too:
-- option cloisters = in. The game ends after turn 8 (JCZ's endTurn): final().
-- Alice's meeple lies as an abbot on the monastery at 0,1. At the end:
-- 3 tiles up (0,0 0,-1 0,-2), 1 down (0,2), 3 right (1,1 2,1 3,1), 1 left
-- (-1,1), and the monastery: 9. JCZ asserts: Alice 9.
-- Players: 1 = Alice, 2 = Bob. JCZ plays it alone; base needs two
-- players, so Bob lays every other tile, which changes nothing scored.
scenario "MONA-JCZ-1: monasteries-scoring.jcz: Alice 9" {
  game = "base", with = { "monasteries" }, players = 2, options = { cloisters = "in" },
}

play("place mo.M4 0,1 r0", "deploy lying_abbot C")
expect.supply { player = 1, kind = "meeple", count = 6 }
play("place E 0,-1 r2", "pass")
play("place E 0,-2 r0", "pass")
play("place U 0,2 r1", "pass")
play("place U 1,1 r0", "pass")
play("place U 2,1 r0", "pass")
play("place U -1,1 r0", "pass")
play("place U 3,1 r0", "pass")
expect.score { 0, 0 }
final()
expect.final { 9, 0 }
expect.ledger_final { { player = 1, points = 9, reason = "monastery" } }
