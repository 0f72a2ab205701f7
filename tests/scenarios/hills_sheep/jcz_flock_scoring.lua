-- JCloisterZone engine test engine-tests/hills-and-sheep/flock-scoring.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §3.2, §3.3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr R0 = U r1 (a
-- straight road W-E), BA/Rr = V (same rotations); JCZ positions are ours
-- (y grows south). The tokens JCZ drew, from its bag order (1, 2, 3, 4
-- sheep, wolf, less those on the board) and each draw's random number: a
-- shepherd placed draws with the random in force before its turn's commit.
-- Alice's shepherd on the field south of the road at 1,0, Bob's on the
-- field north of it at 2,0; each U laid east extends both fields, but only
-- the active player's flock is tended. Alice: 1 + 1 + 4 + 3 = 9 sheep,
-- Bob: 2 + 4 + 3 + 2 = 11; each drives to the stable with a curve.
-- JCZ asserts: Alice 9, Bob 11.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-1: flock-scoring.jcz: Alice 9, Bob 11" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep1", "hs.sheep2", "hs.sheep1", "hs.sheep4", "hs.sheep4", "hs.sheep3",
        "hs.sheep3", "hs.sheep2", stack = "sheep" }
play("place U 1,0 r1", "deploy shepherd S")
play("place U 2,0 r1", "deploy shepherd N")
expect.supply { player = 1, kind = "shepherd", count = 0 }
play("place U 3,0 r1", "pass")
expect.phase "flock"
expect.moves { "action flock_grow 0 0 0 0", "action flock_score 0 0 0 0" }
play "action flock_grow 0 0 0 0"
play("place U 4,0 r1", "pass", "action flock_grow 0 0 0 0")
play("place U 5,0 r1", "pass", "action flock_grow 0 0 0 0")
play("place U 6,0 r1", "pass", "action flock_grow 0 0 0 0")
play("place U 7,0 r1", "pass", "action flock_grow 0 0 0 0")
play("place U 8,0 r1", "pass", "action flock_grow 0 0 0 0")
expect.stack { size = 10, stack = "sheep" }
play("place V 1,1 r3", "pass", "action flock_score 0 0 0 0")
expect.ledger_last_turn { { player = 1, points = 9, reason = "flock" } }
expect.supply { player = 1, kind = "shepherd", count = 1 }
expect.stack { size = 14, stack = "sheep" }
play("place V 2,-1 r1", "pass", "action flock_score 0 0 0 0")
expect.ledger_last_turn { { player = 2, points = 11, reason = "flock" } }
expect.score { 9, 11 }
expect.stack { size = 18, stack = "sheep" }
