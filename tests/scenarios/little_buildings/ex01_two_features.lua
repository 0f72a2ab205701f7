-- little_buildings.md §6 LB-EX-01 [constructed]: a building counts for
-- every feature over its tile (§3).
-- Alice's knight on D's cap; Bob's thief on the junction W at -1,-1.
-- Alice's D at 0,-1 (turned: cap S, road W-E) closes the city (2 tiles)
-- and the road between the junctions (3 tiles), and she puts a shed on
-- it: the city pays her 4 + 1, the road pays Bob 3 + 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "LB-EX-01: a building counts for every feature over its tile" {
  game = "base", with = { "little_buildings" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, rot = 0, figure = { player = 1, on = "N" } },
  { "W", at = { -1, -1 }, rot = 0, fixed = true, figure = { player = 2, on = "E" } },
  { "W", at = { 1, -1 }, rot = 0, fixed = true },
}
stack { "D" }
play("place D 0,-1 r2", "deploy lb_shed N")
expect.over()
expect.final { 5, 4 }
expect.ledger { { player = 1, points = 5, reason = "city" }, { player = 2, points = 4, reason = "road" } }
