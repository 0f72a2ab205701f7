-- JCloisterZone engine test engine-tests/basic/tiny-city-rule.jcz
-- (farin/JCloisterZone-Client), converted: base.md (the tiny_city option:
-- a completed 2-tile city scores 2). JCZ's rule "tiny-city-scoring": "2" is
-- our option tiny_city = 2.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CFc.1 = G,
-- BA/CFC.2 = H, BA/C = E; JCZ positions and rotations are ours (y grows
-- south, R90 = r1).
-- JCZ plays it alone; base needs two players: Bob, who deploys nothing,
-- extends the start's road east between Wendy's turns (U at 1,0 and 2,0),
-- which touches no city. Wendy puts a knight on the G at 0,-1 (band N-S, on the start's
-- cap); the H at 0,-2 closes that city with its south cap (D+G+H, 3 tiles =
-- 6) and takes a knight on its north cap, which the E at 0,-3 closes (2
-- tiles: tiny, 2).
-- JCZ asserts: Wendy 8 (city 6, city 2).
-- Players: 1 = Wendy, 2 = Bob.
scenario "BASE-JCZ-4: tiny-city-rule.jcz: Wendy 8" {
  game = "base", players = 2, options = { tiny_city = 2 },
}

stack { "G", "U", "H", "U", "E" }
play("place G 0,-1 r1", "deploy meeple N")
play("place U 1,0 r1", "pass")
play("place H 0,-2 r0", "deploy meeple N")
expect.ledger_last_turn { { player = 1, points = 6, reason = "city" } }
play("place U 2,0 r1", "pass")
play("place E 0,-3 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 2, reason = "city" } }
-- The save has no end turn: JCZ asserts the scores after the last move;
-- here the stack runs out there, and the final scoring adds nothing.
expect.score { 8, 0 }
expect.over()
expect.final { 8, 0 }
