-- JCloisterZone engine test
-- engine-tests/hills-and-sheep/flock-multiple-shepherds.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §3.2, §3.3
-- [JCZ]: 2 shepherds a player (the save's "shepherd": 2; option shepherds).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr R0 = U r1 (road
-- W-E), BA/Rr = V, BA/RRRR = X, BA/C = E, BA/LR = A, BA/L = B, BA/CRRR = L
-- (same rotations otherwise); JCZ positions are ours (y grows south). The
-- tokens are those JCZ drew (its bag order 1, 2, 3, 4 sheep, wolf, less the
-- tokens on the board, and each draw's random number).
-- Alice's shepherds: one south of the road at 1,0 (3 sheep), one south of
-- the cap at -1,-1 (3 sheep), in two fields. Her U at 2,0 extends both:
-- two choices, grow each (1 and 4). Bob's A at 3,0 joins the fields round
-- its cloister; Alice's B at 1,-1 extends the one field: one choice (the
-- first shepherd grows, 4); her L at 2,-2: one choice, to the stable:
-- 3 + 1 + 4 + 3 + 4 = 15, scored once for Alice.
-- JCZ asserts: Alice 15.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-7: flock-multiple-shepherds.jcz: Alice 15" {
  game = "base", with = { "hills_sheep" }, players = 2, options = { shepherds = 2 },
}

draws { "hs.sheep3", "hs.sheep3", "hs.sheep1", "hs.sheep4", "hs.sheep4", stack = "sheep" }
play("place U 1,0 r1", "deploy shepherd S")
play("place U -1,0 r1", "pass")
play("place E -1,-1 r0", "deploy shepherd S")
play("place E 0,-1 r2", "pass")
play("place U 2,0 r1", "pass")
play "action flock_grow 0 0 0 0"
expect.phase "flock"                                -- the second field
play "action flock_grow 0 0 0 0"
play("place A 3,0 r1", "pass")
play("place B 1,-1 r0", "pass")
play "action flock_grow 0 0 0 0"
expect.phase "place_tile"                           -- one field now: one choice
play("place V 2,-1 r2", "pass")
play("place L 2,-2 r0", "pass")
play "action flock_score 0 0 0 0"
expect.ledger_last_turn { { player = 1, points = 15, reason = "flock" } }
expect.score { 15, 0 }
expect.supply { player = 1, kind = "shepherd", count = 2 }
