-- JCloisterZone engine test
-- engine-tests/watchtowers/watchtower-multiple-meeples.jcz
-- (farin/JCloisterZone-Client), converted: watchtowers.md §3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr = U, BA/RRR = W,
-- WT/CFRF_2M = wt.CFRF_2M; JCZ positions and rotations are ours (y grows
-- south, R90 = r1). The save puts Alice's second meeple on the tower's
-- road with a corn circle (Corn Circles, not played here): the setup
-- stands both there, with Bob's meeple on U at 1,0, as the save has them
-- before its last two tiles.
-- The meeple tower at 0,-1 (turned: its road runs north from the tower)
-- sees 3 followers in its square (Alice's 2 on it, Bob's on U at 1,0):
-- 2 x 3 = 6 for each of Alice's two meeples on the completed road, then
-- the road's 3 tiles (wt, V, W): 6 + 6 + 3 = 15.
-- JCZ asserts: Alice 15, "Alice scored watchtower for 6 points".
-- Players: 1 = Alice, 2 = Bob.
scenario "WT-JCZ-3: watchtower-multiple-meeples.jcz: Alice 15 (tower 6 twice)" {
  game = "base", with = { "watchtowers" }, players = 2,
}

setup {
  { "wt.CFRF_2M", at = { 0, -1 }, rot = 2,
    figures = { { player = 1, on = "N" }, { player = 1, on = "N" } } },
  { "U", at = { 1, 0 }, rot = 1, figure = { player = 2, on = "W" } },
}

stack { "V", "W" }
play("place V 0,-2 r0", "pass")
expect.ledger_last_turn {}
play("place W -1,-2 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 6, reason = "watchtower" },
                          { player = 1, points = 6, reason = "watchtower" },
                          { player = 1, points = 3, reason = "road" } }
expect.over()
expect.final { 15, 2 }            -- Bob's open road at 1,0: 2 at the end
