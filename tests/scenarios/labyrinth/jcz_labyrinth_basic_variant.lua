-- JCloisterZone engine test
-- engine-tests/labyrinth/labyrinth-basic-variant.jcz
-- (farin/JCloisterZone-Client), converted: labyrinth.md §2 (the save's
-- "labyrinth-variant": basic, our default).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), LA/Rrrr = la.Rrrr,
-- BA/RRR = W; JCZ positions and rotations are ours (y grows south, R90 =
-- r1).
-- JCZ plays it alone; base needs two players. Alice's first turn (the
-- labyrinth at 1,0, no follower) is the setup; then Alice and Bob take
-- turns: Alice's W at 1,-1 takes her meeple on its S road, the labyrinth's
-- N arm; the others end the E, S and W arms at junctions (the W arm
-- through the start tile). The labyrinth road covers la.Rrrr, D and the
-- four W tiles: 6 tiles, 6 points to Alice.
-- JCZ asserts: Alice 6, scored for a road.
-- Players: 1 = Alice, 2 = Bob.
scenario "LAB-JCZ-1: labyrinth-basic-variant.jcz: Alice 6" {
  game = "base", with = { "labyrinth" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 } },
  { "la.Rrrr", at = { 1, 0 } },
}

stack { "W", "W", "W", "W" }
play("place W 1,-1 r0", "deploy meeple S")
play("place W 2,0 r1", "pass")
play("place W 1,1 r1", "pass")
expect.score { 0, 0 }
play("place W -1,0 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 6, reason = "road" } }
expect.over()
expect.final { 6, 0 }
