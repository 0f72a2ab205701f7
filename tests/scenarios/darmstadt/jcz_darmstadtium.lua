-- JCloisterZone engine test
-- engine-tests/darmstadt/darmstadtium.jcz
-- (farin/JCloisterZone-Client), converted: darmstadt.md §2.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), DA/Cccc = da.Cccc,
-- BA/C = E; JCZ positions and rotations are ours (y grows south, R90 =
-- r1). JCZ's save is Alice's alone; ours has a Bob who lays a straight road
-- (U) on the start's road between her turns and completes nothing. The
-- save stops before the game ends (no endTurn): one more tile keeps ours
-- going.
-- Alice's Darmstadtium at 0,-1 over D's cap, three caps round it, her
-- knight on the northern one: a 5-tile city, 10, and 3 for the
-- Darmstadtium, in the city's own points.
-- JCZ asserts: Alice 13, "Alice scored city for 13 points".
-- Players: 1 = Alice, 2 = Bob.
scenario "DA-JCZ-4: darmstadtium.jcz: Alice 13" {
  game = "base", with = { "darmstadt" }, players = 2,
}

stack { "da.Cccc", "U", "E", "U", "E", "U", "E", "B" }
play("place da.Cccc 0,-1 r0", "pass")
play("place U 1,0 r1", "pass")
play("place E -1,-1 r1", "pass")
play("place U -1,0 r1", "pass")
play("place E 0,-2 r2", "deploy meeple S")
play("place U 2,0 r1", "pass")
play("place E 1,-1 r3", "pass")
expect.score { 13, 0 }
expect.ledger_last_turn { { player = 1, points = 13, reason = "city" } }
