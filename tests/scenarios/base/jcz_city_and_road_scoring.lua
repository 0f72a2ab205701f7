-- JCloisterZone engine test engine-tests/basic/city-and-road-scoring.jcz
-- (farin/JCloisterZone-Client), converted: base.md §3 (roads, cities, the
-- final scoring of an incomplete city).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CC.2 = I,
-- BA/Cc.1 = N, BA/RRR = W, BA/RRRR = X, BA/Rr = V, BA/CFc+ = F, BA/C = E;
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute, so it maps to a port of ours.
-- Wendy's knight on the N city at -1,1 (closed by -1,2 and 0,2: 4 tiles, 1
-- pennant-less = 8). David's thief on the W at -1,0 (the start's road to the
-- X: 3 tiles = 3), then on the curve V at 1,1 (X, V 1,1, V 2,1, V 2,0 back
-- to the X: 4 tiles = 4). Wendy's knight on the F at 0,-1, closed by the E
-- at 0,-2 with the start's cap: 3 tiles, 1 pennant = 8.
-- JCZ asserts: David 7 (road 3, road 4), Wendy 16 (city 8).
-- Players: 1 = David, 2 = Wendy.
scenario "BASE-JCZ-1: city-and-road-scoring.jcz: David 7, Wendy 16" {
  game = "base", players = 2,
}

stack { "I", "N", "N", "N", "W", "X", "V", "V", "V", "F", "E" }
play("place I 0,1 r3", "pass")
play("place N -1,1 r2", "deploy meeple S")
play("place N -1,2 r1", "pass")
play("place N 0,2 r0", "pass")
expect.ledger_last_turn { { player = 2, points = 8, reason = "city" } }
play("place W -1,0 r2", "deploy meeple E")
play("place X 1,0 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 3, reason = "road" } }
play("place V 1,1 r2", "deploy meeple N")
play("place V 2,0 r0", "pass")
play("place V 2,1 r1", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "road" } }
play("place F 0,-1 r1", "deploy meeple N")
play("place E 0,-2 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 8, reason = "city" } }
-- The save has no end turn: JCZ asserts the scores after the last move;
-- here the stack runs out there, and the final scoring adds nothing.
expect.score { 7, 16 }
expect.over()
expect.final { 7, 16 }
