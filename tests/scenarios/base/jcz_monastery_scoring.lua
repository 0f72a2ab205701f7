-- JCloisterZone engine test engine-tests/basic/monastery-scoring.jcz
-- (farin/JCloisterZone-Client), converted: base.md §3 (cloisters: 9 when
-- surrounded, else 1 per tile at the end).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/L = B, BA/LR = A,
-- BA/Rr = V, BA/RRR = W, BA/RFr R0 = U r1 (R90 = U r0), BA/CRr = J; JCZ
-- positions and rotations are ours (y grows south, R90 = r1).
-- Eva's monk on the B at 0,1 is surrounded by the ninth tile (J at -1,0):
-- 9. Carol's monk on the A at 0,3 has itself and three neighbours at the end
-- (W 0,2, V -1,2, V 1,2): 4.
-- JCZ asserts: Eva 9, Carol 4.
-- Players: 1 = Eva, 2 = Carol.
scenario "BASE-JCZ-3: monastery-scoring.jcz: Eva 9, Carol 4" {
  game = "base", players = 2,
}

stack { "B", "V", "W", "V", "W", "A", "V", "U", "J" }
play("place B 0,1 r0", "deploy meeple C")
play("place V 1,0 r0", "pass")
play("place W 1,1 r3", "pass")
play("place V 1,2 r1", "pass")
play("place W 0,2 r0", "pass")
play("place A 0,3 r2", "deploy meeple C")
play("place V -1,2 r2", "pass")
play("place U -1,1 r0", "pass")
play("place J -1,0 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "cloister" } }
expect.over()
expect.final { 9, 4 }
