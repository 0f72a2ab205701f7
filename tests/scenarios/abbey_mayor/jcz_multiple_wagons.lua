-- JCloisterZone engine test engine-tests/abbey-and-mayor/multiple-wagons.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §3.3 (two wagons
-- of one player, each moving on after its road scores). The save gives
-- Alice 2 wagons (figures = { wagon = { 2, 1 } } here); JCZ's
-- "wagon-move": "C1" is our default.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RRRR = X,
-- BA/Rr = V, BA/RRR = W;
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours); a JCZ barn at tile T
-- stands on T's north-west corner.
-- Alice's wagons on the X at 1,0 (road E) and on the V at 1,1 (the X's
-- south road); Bob's W at 2,1 closes both: X, V 2,0, W and X, V 1,1, W, 3
-- each. Alice moves the wagons to the X's west road (X + the start: 2 at
-- the end) and north road (1 tile: 1 at the end).
-- JCZ asserts: Alice 9, Alice scored road for 1, road for 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-4: multiple-wagons.jcz: Alice 9" {
  game = "base", with = { "abbey_mayor" }, players = 2,
  figures = { wagon = { 2, 1 } },
}

stack { "X", "V", "V", "W" }
play("place X 1,0 r0", "deploy wagon E")
play("place V 2,0 r0", "pass")
play("place V 1,1 r2", "deploy wagon N")
play("place W 2,1 r1", "pass")
expect.score { 6, 0 }
play("action wagon 1 1 0 W", "action wagon 1 1 0 N")
expect.over()
expect.final { 9, 0 }
