-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/flock-deploy-on-closed-farm.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §3.1, §3.3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr R0 = U r1 (road
-- W-E), BA/Rr = V, BA/RRRR = X, BA/C = E, BA/LR = A, BA/L = B, BA/CRRR = L
-- (same rotations otherwise); JCZ positions are ours (y grows south). The
-- tokens are those JCZ drew (its bag order 1, 2, 3, 4 sheep, wolf, less the
-- tokens on the board, and each draw's random number).
-- Bob's curve at 1,1 closes the little field between four roads (the
-- corners of 1,0, 2,0, 2,1 and 1,1) and he puts his shepherd on it: it
-- draws 2 sheep, and the closed field is driven to the stable at once.
-- JCZ asserts: Bob 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-3: flock-deploy-on-closed-farm.jcz: Bob 2" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep2", stack = "sheep" }
play("place X 1,0 r0", "pass")
play("place V 2,0 r0", "pass")
play("place V 2,1 r1", "pass")
play("place V 1,1 r2", "deploy shepherd NNE")
expect.feature { at = { 1, 1 }, port = "NNE", kind = "field", tiles = 4 }
expect.ledger_last_turn { { player = 2, points = 2, reason = "flock" } }
expect.score { 0, 2 }
expect.supply { player = 2, kind = "shepherd", count = 1 }
expect.stack { size = 18, stack = "sheep" }
