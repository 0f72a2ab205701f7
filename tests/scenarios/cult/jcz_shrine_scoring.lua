-- JCloisterZone engine test engine-tests/cult/shrine-scoring.jcz
-- (farin/JCloisterZone-Client), converted: cult.md §2.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), CU/S = cu.S,
-- BA/RFr R0 = U r1. The game ends after turn 2 (JCZ's endTurn): final().
-- Alice's heretic on the shrine at 0,1, with 0,0 and 1,0 around it,
-- scores as an unfinished cloister: 3. JCZ asserts: Alice 3.
-- Players: 1 = Alice, 2 = Bob. JCZ plays it alone; base needs two
-- players, so Bob lays the second tile, which changes nothing scored.
scenario "CULT-JCZ-2: shrine-scoring.jcz: Alice 3" {
  game = "base", with = { "cult" }, players = 2,
}

play("place cu.S 0,1 r0", "deploy meeple C")
play("place U 1,0 r1", "pass")
final()
expect.final { 3, 0 }
expect.ledger_final { { player = 1, points = 3, reason = "cloister" } }
