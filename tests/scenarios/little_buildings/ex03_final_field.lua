-- little_buildings.md §6 LB-EX-03 [constructed]: buildings count at the
-- final scoring too, for fields (§3).
-- Alice's farmer north of the road of U at 1,0; Bob's U at 2,0 extends
-- that field and takes a shed. At the end the farm touches no completed
-- city (0) but holds the shed's tile: Alice 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "LB-EX-03: a farm counts the buildings at the end" {
  game = "base", with = { "little_buildings" }, players = 2,
}

stack { "U", "U" }
play("place U 1,0 r1", "deploy meeple N")
play("place U 2,0 r1", "deploy lb_shed S")
expect.over()
expect.final { 1, 0 }
expect.ledger_final { { player = 1, points = 1, reason = "field" } }
