-- JCloisterZone engine test
-- engine-tests/little-bulldings/lb-321-alt.jcz
-- (farin/JCloisterZone-Client), converted: little_buildings.md §2, §3, §4
-- (option little_buildings_scoring=3/2/1).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/Rr = V,
-- BA/CFc.1 = G, BA/Ccc = R, BA/CFc+ = F, BA/CccR+ = S, BA/CRr = J,
-- BA/Cc+ = M, BA/CFC.2 = H, BA/RRR = W; JCZ positions and rotations are
-- ours (y grows south, R90 = r1, R270 = r3).
-- The save stops before the game ends (no endTurn): one more tile keeps
-- ours going, and the score is checked there, before any final scoring.
-- Ten turns, buildings on eight tiles; Bob's knight in the city that
-- grows from D's cap over G, R, F, S, M and D at 2,-3 completes it with
-- the buildings of its tiles counted by kind.
-- JCZ asserts: Bob 37.
-- Players: 1 = Alice, 2 = Bob.
scenario "LB-JCZ-3: lb-321-alt.jcz: Bob 37" {
  game = "base", with = { "little_buildings" }, players = 2,
  options = { little_buildings_scoring = "3/2/1" },
}

stack { "V", "G", "R", "F", "S", "J", "M", "H", "W", "D", "B" }
play("place V 1,0 r0", "deploy lb_shed W")
play("place G 0,-1 r1", "deploy meeple N")
play("place R 0,-2 r1", "deploy lb_shed N")
play("place F 1,-2 r0", "pass")
play("place S 2,-2 r0", "deploy lb_tower N")
play("place J 3,-2 r3", "deploy lb_shed W")
play("place M 0,-3 r3", "deploy lb_tower W")
play("place H -1,-3 r1", "deploy lb_tower E")
play("place W 2,-1 r3", "pass")
play("place D 2,-3 r2", "deploy lb_house S")
expect.over(false)
expect.score { 0, 37 }
