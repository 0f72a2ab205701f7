-- JCloisterZone engine test
-- engine-tests/princess-and-dragon/fairy-endgame-zero-field.jcz
-- (farin/JCloisterZone-Client), converted: princess-dragon.md §2.3, §4: a
-- fairy next to a farmer pays its 3 at the end even when the field scores
-- 0. JCZ pays the fairy at the final scoring; our default fairy_final =
-- false (1st edition) would give 0, so the save runs with fairy_final = true.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr Rk = U r(k+1);
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours).
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- lays a cloister B at 0,1 (the field south of the road). David's farmer
-- on the U at 1,0, north of the road (the field of the start's open cap);
-- his U at 2,0 and the fairy next to the farmer. Final: the field touches
-- no completed city (0), the fairy 3.
-- JCZ asserts: David 3.
-- Players: 1 = David, 2 = Bob.
scenario "PD-JCZ-2: fairy-endgame-zero-field.jcz: David 3" {
  game = "base", with = { "princess_dragon" }, players = 2,
  options = { fairy_final = true },
}

stack { "U", "B", "U" }
play("place U 1,0 r1", "deploy meeple NNW")
play("place B 0,1 r0", "pass")
play("place U 2,0 r1", "action fairy 1 0 NNW 0")
expect.over()
expect.final { 3, 0 }
