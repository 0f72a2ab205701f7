-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/flock-scores-all-players.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §3.3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr R0 = U r1 (road
-- W-E), BA/Rr = V, BA/RRRR = X, BA/C = E, BA/LR = A, BA/L = B, BA/CRRR = L
-- (same rotations otherwise); JCZ positions are ours (y grows south). The
-- tokens are those JCZ drew (its bag order 1, 2, 3, 4 sheep, wolf, less the
-- tokens on the board, and each draw's random number).
-- Alice's shepherd (1 sheep) south of the start, Bob's (3 sheep) on the
-- field north of the road at -1,0; Alice's A at 1,0 joins the two fields
-- round its cloister and extends hers: she drives to the stable, and every
-- shepherd of the field scores all its sheep: 4 each, both go home.
-- JCZ asserts: Alice 4, Bob 4.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-2: flock-scores-all-players.jcz: Alice 4, Bob 4" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep1", "hs.sheep3", stack = "sheep" }
play("place E 0,1 r1", "deploy shepherd W")
play("place U -1,0 r1", "deploy shepherd N")
play("place A 1,0 r1", "pass")
expect.moves { "action flock_grow 0 0 0 0", "action flock_score 0 0 0 0" }
play "action flock_score 0 0 0 0"
expect.ledger_last_turn { { player = 1, points = 4, reason = "flock" }, { player = 2, points = 4, reason = "flock" } }
expect.score { 4, 4 }
expect.supply { player = 1, kind = "shepherd", count = 1 }
expect.supply { player = 2, kind = "shepherd", count = 1 }
expect.stack { size = 18, stack = "sheep" }
