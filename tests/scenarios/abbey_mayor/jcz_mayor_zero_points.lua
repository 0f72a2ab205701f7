-- JCloisterZone engine test engine-tests/abbey-and-mayor/mayor-zero-points.jcz
-- (farin/JCloisterZone-Client), converted: abbey-mayor.md §4.1 (a mayor's
-- strength is the city's pennants: none, strength 0, no points).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E;
-- JCZ positions and rotations are ours (y grows south, R90 = r1); a JCZ
-- follower's location is absolute (a port of ours); a JCZ barn at tile T
-- stands on T's north-west corner.
-- The save has no end turn: its scores are those after the last move.
-- JCZ plays it alone; base needs two players (Bob only waits). Alice's E at
-- 0,-1 closes the start's cap with her mayor in it: 2 tiles, no pennant:
-- JCZ records the city scored for 0.
-- JCZ asserts: Alice 0, Alice scored city for 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "AM-JCZ-3: mayor-zero-points.jcz: Alice 0" {
  game = "base", with = { "abbey_mayor" }, players = 2,
}

play("place E 0,-1 r2", "deploy mayor S")
expect.closed { at = { 0, -1 }, port = "S" }
expect.score { 0, 0 }
-- JCZ lists "scored city for 0"; our ledger has no line for a city nobody
-- wins (strength 0): the points agree, the record does not.
expect.ledger_last_turn { }
expect.supply { player = 1, kind = "mayor", count = 1 }
