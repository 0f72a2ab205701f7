-- JCloisterZone engine test
-- engine-tests/labyrinth/labyrinth-meeples-bonus.jcz
-- (farin/JCloisterZone-Client), converted: labyrinth.md §3 (the save's
-- "labyrinth-variant": advanced, option labyrinth_variant=advanced).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), LA/Rrrr = la.Rrrr,
-- BA/RRR = W; JCZ positions and rotations are ours (y grows south, R90 =
-- r1).
-- JCZ plays it alone, Alice laying the labyrinth (no follower), then W
-- tiles at 1,-1 (her meeple on its S road), 2,0 (on its W road), 1,1 and
-- -1,0 (on its E road). Base needs two players, so the order is changed:
-- the labyrinth and the W at -1,0 with Alice's meeple on its E road (the
-- W arm, through the start tile) are the setup; then Alice's W at 1,-1,
-- Bob's at 1,1, Alice's at 2,0. Each of Alice's two placements goes on a
-- free arm of a road that already holds her follower: only the advanced
-- variant allows it (§3.1), the move `action labyrinth X Y SEGMENT 0`.
-- The last W completes the labyrinth road: 6 tiles + 2 for each of the 3
-- meeples on it = 12 to Alice (§3.2).
-- JCZ asserts: Alice 12, scored for a road.
-- Players: 1 = Alice, 2 = Bob.
scenario "LAB-JCZ-2: labyrinth-meeples-bonus.jcz: Alice 12" {
  game = "base", with = { "labyrinth" }, players = 2, start = false,
  options = { labyrinth_variant = "advanced" },
}

setup {
  { "D", at = { 0, 0 } },
  { "la.Rrrr", at = { 1, 0 } },
  { "W", at = { -1, 0 }, figure = { player = 1, on = "E" } },
}

stack { "W", "W", "W" }
play "place W 1,-1 r0"
expect.illegal "deploy meeple S"                -- the engine: the road is occupied
play "action labyrinth 1 -1 2 0"                  -- §3.1: its N arm is free
play("place W 1,1 r1", "pass")
play "place W 2,0 r0"
play "action labyrinth 2 0 3 0"
expect.ledger_last_turn { { player = 1, points = 12, reason = "road" } }
expect.over()
expect.final { 12, 0 }
