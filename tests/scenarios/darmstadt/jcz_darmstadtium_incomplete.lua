-- JCloisterZone engine test
-- engine-tests/darmstadt/darmstadtium-incomplete.jcz
-- (farin/JCloisterZone-Client), converted: darmstadt.md §2.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), DA/Cccc = da.Cccc,
-- BA/C = E; JCZ positions and rotations are ours (y grows south). JCZ's
-- save is Alice's alone; ours has a Bob who lays a straight road (U) on
-- the start's road between her turns. The game ends after the last tile
-- (endTurn 2 in the save).
-- Alice's knight on the cap E north of the Darmstadtium: the city stays
-- open, so at the end it scores 1 a tile (3) and no Darmstadtium bonus.
-- JCZ asserts: Alice 3, "Alice scored city for 3 points".
-- Players: 1 = Alice, 2 = Bob.
scenario "DA-JCZ-5: darmstadtium-incomplete.jcz: Alice 3" {
  game = "base", with = { "darmstadt" }, players = 2,
}

stack { "da.Cccc", "U", "E" }
play("place da.Cccc 0,-1 r0", "pass")
play("place U 1,0 r1", "pass")
play("place E 0,-2 r2", "deploy meeple S")
expect.over()
expect.final { 3, 0 }
expect.ledger_final { { player = 1, points = 3, reason = "city" } }
