-- JCloisterZone engine test
-- engine-tests/traders-and-builders/pigs-no-stack.jcz
-- (farin/JCloisterZone-Client), converted: traders-builders.md §3.2, §4.2:
-- two pigs of one player in one field still give 4 per city, not 5 (the
-- save gives Alice 2 pigs: figures = { pig = 2 } here). The save plays the
-- base set with the pig element only; T&B is loaded for the pig (its tiles
-- are not drawn: the stack is set).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E,
-- BA/Rr = V, BA/RFr Rk = U r(k+1); JCZ positions and rotations are ours
-- (y grows south, R90 = r1); a JCZ follower's location is absolute.
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- lays cloisters B south of the start (0,1 .. 0,4), in the field south of
-- the road, which Alice's field does not reach. Alice: a farmer and a pig on the north fields of the U's at -1,0
-- and -2,0 (the start's north-of-road field), a farmer on the E at 0,-1 (it
-- closes the start's cap) and a pig on the E at 0,-2 (cap N, open); the V
-- at -1,-1 joins the fields. One completed city: 4, not 5.
-- JCZ asserts: Alice 4.
-- Players: 1 = Alice, 2 = Bob.
scenario "TB-JCZ-5: pigs-no-stack.jcz: Alice 4" {
  game = "base", with = { "traders_builders" }, players = 2,
  figures = { pig = { 2, 1 } },
}

stack { "U", "B", "U", "B", "E", "B", "E", "B", "V" }
play("place U -1,0 r1", "deploy meeple NNW")
play("place B 0,1 r0", "pass")
play("place U -2,0 r1", "deploy pig NNW")
play("place B 0,2 r0", "pass")
play("place E 0,-1 r2", "deploy meeple NNW")
play("place B 0,3 r0", "pass")
play("place E 0,-2 r0", "deploy pig ENE")
play("place B 0,4 r0", "pass")
play("place V -1,-1 r1", "pass")
expect.over()
expect.final { 4, 0 }
expect.ledger_final { { player = 1, points = 4, reason = "field" } }
