-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/flock-expand-on-closed.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §3.2, §3.3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr R0 = U r1 (road
-- W-E), BA/Rr = V, BA/RRRR = X, BA/C = E, BA/LR = A, BA/L = B, BA/CRRR = L
-- (same rotations otherwise); JCZ positions are ours (y grows south). The
-- tokens are those JCZ drew (its bag order 1, 2, 3, 4 sheep, wolf, less the
-- tokens on the board, and each draw's random number).
-- Bob's shepherd (2 sheep) in the corner field of the curve at 2,0; his
-- curve at 1,1 extends and closes that field: he grows first (3 sheep),
-- then the closed field goes to the stable: 5.
-- JCZ asserts: Bob 5.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-4: flock-expand-on-closed.jcz: Bob 5" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep2", "hs.sheep3", stack = "sheep" }
play("place X 1,0 r0", "pass")
play("place V 2,0 r0", "deploy shepherd SSW")
play("place V 2,1 r1", "pass")                     -- Alice's tile: Bob's flock waits
expect.ledger_last_turn {}
play("place V 1,1 r2", "pass")
expect.phase "flock"
play "action flock_grow 0 0 0 0"
expect.ledger_last_turn { { player = 2, points = 5, reason = "flock" } }
expect.score { 0, 5 }
