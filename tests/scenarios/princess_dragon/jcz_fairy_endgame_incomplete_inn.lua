-- JCloisterZone engine test
-- engine-tests/princess-and-dragon/fairy-endgame-incomplete-inn.jcz
-- (farin/JCloisterZone-Client), converted: princess-dragon.md §2.3, §4 and
-- inns_cathedrals.md §4.1 (an incomplete road with an inn scores 0 at the
-- end): the fairy's 3 are still paid, the road being scored (for 0). JCZ
-- pays the fairy at the final scoring; our default fairy_final = false (1st
-- edition) would give 0, so the save runs with fairy_final = true.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr Rk = U r(k+1),
-- IC/RFr.i = ic.RFr.i (road W-E with an inn; same orientation); JCZ
-- positions and rotations are ours (y grows south, R90 = r1).
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- lays a cloister B at 0,1 between Wendy's turns. Wendy's large meeple on
-- the inn road at 1,0 (the save deploys a small one, undoes it, deploys the
-- large one); her U at 2,0 and the fairy next to the large meeple. Final:
-- the inn road is open: 0, the fairy 3.
-- JCZ asserts: Wendy 3.
-- Players: 1 = Wendy, 2 = Bob.
scenario "PD-JCZ-4: fairy-endgame-incomplete-inn.jcz: Wendy 3" {
  game = "base", with = { "inns_cathedrals", "princess_dragon" }, players = 2,
  options = { fairy_final = true },
}

stack { "ic.RFr.i", "B", "U" }
play("place ic.RFr.i 1,0 r0", "deploy big W")
play("place B 0,1 r0", "pass")
play("place U 2,0 r1", "action fairy 1 0 W 0")
expect.over()
expect.final { 3, 0 }
expect.ledger_final { { player = 1, points = 3, reason = "fairy" },
                      { player = 1, points = 0, reason = "road" } }
