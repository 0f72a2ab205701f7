-- JCloisterZone engine test
-- engine-tests/abbey-and-mayor/barn-connected-scoring.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §3.4, §5, with
-- Traders & Builders' pig (the save's element "pig"; T&B's tiles are not
-- drawn: the stack is set).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E, BA/L = B,
-- BA/RFr Rk = U r(k+1), BA/Rr = V, AM/R = am.10 (a road S ending at a
-- house; same orientation);
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours); a JCZ barn at tile T
-- stands on T's north-west corner.
-- Alice's farmer on the E at 0,-1, her pig in the same field (B 1,-2);
-- Bob's E at 0,-2 and his barn on the north-west corner of 1,-1: Alice's
-- farmer and pig score at once, 3 + 1 per completed city (the start's):
-- 4, and go home. Alice's second farmer on the E at 0,-3 (it closes the
-- 0,-2/0,-3 city), her pig again on am.10 at 0,-4; Bob's V at 1,-3 joins
-- that field to the barn's: 1 + 1 (pig) per completed city, 2 cities: 4.
-- At the end the barn: 4 x 2 = 8.
-- JCZ asserts: Alice 8, Bob 8.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-6: barn-connected-scoring.jcz: Alice 8, Bob 8" {
  game = "base", with = { "traders_builders", "abbey_mayor" }, players = 2,
}

stack { "E", "B", "B", "E", "E", "U", "am.10", "V" }
play("place E 0,-1 r2", "deploy meeple NNW")
play("place B 1,-1 r0", "pass")
play("place B 1,-2 r0", "deploy pig NNW")
play("place E 0,-2 r0", "deploy barn SE")
expect.ledger_last_turn { { player = 1, points = 4, reason = "field" } }
play("place E 0,-3 r2", "deploy meeple NNW")
play("place U 1,0 r1", "pass")
play("place am.10 0,-4 r2", "deploy pig NNW")
play("place V 1,-3 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "field" } }
expect.over()
expect.final { 8, 8 }
expect.ledger_final { { player = 2, points = 8, reason = "barn" } }
