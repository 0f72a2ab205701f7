-- JCloisterZone engine test
-- engine-tests/little-bulldings/lb-321.jcz
-- (farin/JCloisterZone-Client), converted: little_buildings.md §2, §3, §4
-- (option little_buildings_scoring=3/2/1).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CFc.1 = G,
-- BA/CFc+ = F, BA/C = E; JCZ positions and rotations are ours (y grows
-- south, R90 = r1). JCZ's PLACE_TOKEN LB_SHED (..) is our deploy of that
-- building on the tile just placed.
-- The save stops before the game ends (no endTurn): one more tile keeps
-- ours going, and the score is checked there, before any final scoring.
-- A city grows north from D's cap: Alice's G with a shed, Bob's F with his
-- knight, Alice's F with a tower, Bob's E closes it with a house: 5 tiles
-- and 2 pennants (14) and 3 buildings on its tiles: shed 1, tower 3,
-- house 2 (6).
-- JCZ asserts: Bob 20.
-- Players: 1 = Alice, 2 = Bob.
scenario "LB-JCZ-2: lb-321.jcz: Bob 20" {
  game = "base", with = { "little_buildings" }, players = 2,
  options = { little_buildings_scoring = "3/2/1" },
}

stack { "G", "F", "F", "E", "B" }
play("place G 0,-1 r1", "deploy lb_shed N")
play("place F 0,-2 r1", "deploy meeple N")
play("place F 0,-3 r1", "deploy lb_tower N")
play("place E 0,-4 r2", "deploy lb_house S")
expect.over(false)
expect.score { 0, 20 }
expect.supply { player = 1, kind = "lb_shed", count = 2 }
expect.supply { player = 2, kind = "lb_house", count = 2 }
