-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/flock-opponent-close-flock.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §3.1, §3.3, §3.4.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr R0 = U r1 (road
-- W-E), BA/Rr = V, BA/RRRR = X, BA/C = E, BA/LR = A, BA/L = B, BA/CRRR = L
-- (same rotations otherwise); JCZ positions are ours (y grows south). The
-- tokens are those JCZ drew (its bag order 1, 2, 3, 4 sheep, wolf, less the
-- tokens on the board, and each draw's random number).
-- Alice's shepherd (1 sheep) in the corner field of the curve at 2,1.
-- Bob's curve at 1,1 closes that field; Bob puts his shepherd on the big
-- field of his tile and draws a wolf: his shepherd goes home. Alice's
-- closed flock is driven to the stable on Bob's turn: 1.
-- JCZ asserts: Alice 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-5: flock-opponent-close-flock.jcz: Alice 1" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep1", "hs.wolf", stack = "sheep" }
play("place X 1,0 r0", "pass")
play("place V 2,0 r0", "pass")
play("place V 2,1 r1", "deploy shepherd NNW")
play("place V 1,1 r2", "deploy shepherd S")
expect.supply { player = 2, kind = "shepherd", count = 1 }
expect.ledger_last_turn { { player = 1, points = 1, reason = "flock" } }
expect.score { 1, 0 }
expect.stack { size = 18, stack = "sheep" }
