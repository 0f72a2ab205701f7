-- little_buildings.md §1 LB-EX-04 [constructed]: with 4 players each keeps
-- 4 buildings (2 sheds, a house, a tower); the rest leaves the game at
-- the first building deployed.
-- Players: 1..4.
scenario "LB-EX-04: four players share the buildings" {
  game = "base", with = { "little_buildings" }, players = 4,
}

stack { "U", "U" }
play("place U 1,0 r1", "deploy meeple N")
expect.supply { player = 3, kind = "lb_shed", count = 3 }
play("place U 2,0 r1", "deploy lb_shed S")
expect.supply { player = 2, kind = "lb_shed", count = 1 }
expect.supply { player = 3, kind = "lb_shed", count = 2 }
expect.supply { player = 3, kind = "lb_house", count = 1 }
expect.supply { player = 3, kind = "lb_tower", count = 1 }
