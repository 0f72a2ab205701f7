-- JCloisterZone engine test engine-tests/abbey-and-mayor/barn-scoring.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §3.4, §5 (a barn
-- put into a field with farmers: they score 3 per completed city at once
-- and go home; at the end the barn scores 4 per completed city).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E;
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours); a JCZ barn at tile T
-- stands on T's north-west corner.
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- lays cloisters B south of the start (0,1 .. 0,4), in the field south of
-- the road, which Alice's field does not reach.
-- Alice's farmer on the E at 0,-1 (it closes the start's cap); E's at 0,-2
-- and 0,-3 make a closed 2-tile city, E's at 1,-2 and 1,-1 two open caps;
-- her barn on the north-west corner of 1,-1: the farmer scores 2 x 3 = 6
-- and goes home; at the end the barn 2 x 4 = 8.
-- JCZ asserts: Alice 14.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-5: barn-scoring.jcz: Alice 14" {
  game = "base", with = { "abbey_mayor" }, players = 2,
}

stack { "E", "B", "E", "B", "E", "B", "E", "B", "E" }
play("place E 0,-1 r2", "deploy meeple NNW")
play("place B 0,1 r0", "pass")
play("place E 0,-2 r0", "pass")
play("place B 0,2 r0", "pass")
play("place E 0,-3 r2", "pass")
play("place B 0,3 r0", "pass")
play("place E 1,-2 r0", "pass")
play("place B 0,4 r0", "pass")
play("place E 1,-1 r1", "deploy barn NW")
expect.ledger_last_turn { { player = 1, points = 6, reason = "field" } }
expect.over()
expect.final { 14, 0 }
