-- JCloisterZone engine test
-- engine-tests/traders-and-builders/pig-scoring.jcz
-- (farin/JCloisterZone-Client), converted: traders-builders.md §3.2, §4.2
-- (a pig with its owner's farmer: 4 per completed city instead of 3). The
-- save plays the base set with the pig element only; here T&B is loaded
-- for the pig (its tiles are not drawn: the stack is set).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CFC.2 = H,
-- BA/C = E, BA/Rr = V; JCZ positions and rotations are ours (y grows south,
-- R90 = r1); a JCZ follower's location is absolute (a port of ours).
-- Alice's H at 0,-1 closes the start's cap (nobody in it) and takes her
-- farmer on its field; Bob's E at 0,-2 closes the H's north cap and takes
-- his farmer; Alice's E at -1,-1 (cap W, open) takes her pig; the V at
-- -1,-2 joins the three fields into one. Final: one farmer each, tied; the
-- field touches two completed cities: Bob 2 x 3, Alice 2 x 4 with her pig.
-- JCZ asserts: Alice 8, Bob 6.
-- Players: 1 = Alice, 2 = Bob.
scenario "TB-JCZ-4: pig-scoring.jcz: Alice 8, Bob 6" {
  game = "base", with = { "traders_builders" }, players = 2,
}

stack { "H", "E", "E", "V" }
play("place H 0,-1 r0", "deploy meeple ENE")
play("place E 0,-2 r2", "deploy meeple NNW")
play("place E -1,-1 r3", "deploy pig NNW")
play("place V -1,-2 r1", "pass")
expect.over()
expect.final { 8, 6 }
expect.ledger_final { { player = 1, points = 8, reason = "field" },
                      { player = 2, points = 6, reason = "field" } }
