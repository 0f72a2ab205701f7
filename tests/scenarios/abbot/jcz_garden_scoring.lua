-- JCloisterZone engine test engine-tests/basic/garden-scoring.jcz
-- (farin/JCloisterZone-Client), converted: abbot.md §3, §5.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFrG R0 = UG r1,
-- BA/RrG = VG, BA/RFr R0 = U r1, BA/L = B, BA/Rr R270 = V r3, BA/C = E;
-- JCZ positions are ours (y grows south). The game ends after turn 8
-- (JCZ's endTurn): final() here.
-- Alice's abbot on the garden at 1,0, surrounded by the 8th tile: 9.
-- Bob's abbot on the garden at 0,1, with 0,0, 1,0 and 1,1 around it: 4 at
-- the end. JCZ asserts: Alice 9, Bob 4, both "scored garden".
-- Players: 1 = Alice, 2 = Bob.
scenario "ABBOT-JCZ-1: garden-scoring.jcz: Alice 9, Bob 4" {
  game = "base", players = 2, options = { abbot = true },
}

play("place UG 1,0 r1", "deploy abbot C")
play("place VG 0,1 r0", "deploy abbot C")
expect.supply { player = 1, kind = "abbot", count = 0 }
play("place U 2,0 r1", "pass")
play("place B 1,1 r0", "pass")
play("place V 2,1 r3", "pass")
play("place E 0,-1 r2", "pass")
play("place E 1,-1 r1", "pass")
expect.score { 0, 0 }
play("place E 2,-1 r3", "pass")
expect.closed { at = { 1, 0 }, port = "C" }
expect.ledger_last_turn { { player = 1, points = 9, reason = "garden" } }
expect.supply { player = 1, kind = "abbot", count = 1 }
final()
expect.final { 9, 4 }
expect.ledger_final { { player = 2, points = 4, reason = "garden" } }
