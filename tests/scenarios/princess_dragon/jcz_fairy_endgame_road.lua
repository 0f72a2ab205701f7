-- JCloisterZone engine test
-- engine-tests/princess-and-dragon/fairy-endgame-road.jcz
-- (farin/JCloisterZone-Client), converted: princess-dragon.md §2.3, §4.
-- JCZ pays the fairy's 3 points when the follower's feature is scored at
-- the end of the game too; our digest's default (fairy_final = false, the
-- 1st edition: only features completed during play) would give Alice 3, so
-- the save runs with fairy_final = true, the later editions' reading.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr Rk = U r(k+1);
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours).
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- lays a cloister B at 0,1 between Alice's turns (the field south of the
-- road). Alice's thief on the U at 1,0 (the start's road); her U at 2,0
-- extends it and she moves the fairy next to the thief instead of
-- deploying. Final: the open road, 3 tiles = 3, + 3 for the fairy.
-- JCZ asserts: Alice 6.
-- Players: 1 = Alice, 2 = Bob.
scenario "PD-JCZ-1: fairy-endgame-road.jcz: Alice 6" {
  game = "base", with = { "princess_dragon" }, players = 2,
  options = { fairy_final = true },
}

stack { "U", "B", "U" }
play("place U 1,0 r1", "deploy meeple W")
play("place B 0,1 r0", "pass")
play("place U 2,0 r1", "action fairy 1 0 W 0")
expect.over()
expect.final { 6, 0 }
expect.ledger_final { { player = 1, points = 3, reason = "road" },
                      { player = 1, points = 3, reason = "fairy" } }
