-- JCloisterZone engine test engine-tests/wind-rose/wind-rose-bonus.jcz
-- (farin/JCloisterZone-Client), converted: wind_rose.md §2, §3.
-- JCZ tiles -> ours: WR/CFR = wr.CFR (the orange rose, the start, 0,0 r0),
-- BA/RCr = D, WR/RrC = wr.RrC (the south-west quarter); JCZ positions and
-- rotations are ours (y grows south, R270 = r3).
-- JCZ plays it alone; base needs two players, so Bob (player 1) lays the
-- first tile, the D west of the start, which scores nothing.
-- Alice's wr.RrC at -1,1 lies south-west of the orange rose (x <= 0,
-- y >= 0): 3 points, though it lies turned (r3).
-- JCZ asserts: Alice 3.
-- Players: 1 = Bob, 2 = Alice.
scenario "WR-JCZ-1: wind-rose-bonus.jcz: Alice 3" {
  game = "base", with = { "wind_rose" }, players = 2,
}

expect.tile_at { at = { 0, 0 }, id = "wr.CFR", rot = 0 }
play("place D -1,0 r0", "pass")
expect.ledger_last_turn {}
play("place wr.RrC -1,1 r3", "pass")
expect.ledger_last_turn { { player = 2, points = 3, reason = "wind_rose" } }
expect.score { 0, 3 }
