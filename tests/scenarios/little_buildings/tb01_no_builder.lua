-- little_buildings.md §5 LB-TB-01 [inferred]: a building is no follower:
-- it stands on its tile, on no feature, so it cannot keep Traders &
-- Builders' builder in play.
-- Alice's shed on the road tile U at 1,0; Bob lays a road west; Alice
-- extends the road east: her builder may not go on it (no follower of
-- hers there).
-- Players: 1 = Alice, 2 = Bob.
scenario "LB-TB-01: a building keeps no builder" {
  game = "base", with = { "traders_builders", "little_buildings" }, players = 2,
}

stack { "U", "U", "U", "B" }
play("place U 1,0 r1", "deploy lb_shed W")
expect.free { at = { 1, 0 }, port = "W" }
play("place U -1,0 r1", "pass")
play "place U 2,0 r1"
expect.illegal("deploy builder W", "needs_own")
expect.legal "deploy meeple W"
