-- JCloisterZone engine test engine-tests/count/coc-field-scoring.jcz
-- (farin/JCloisterZone-Client), converted: count.md §2. The City of
-- Carcassonne is the start (CO/1 .. CO/12 = co.1 .. co.12, at -2..1,
-- -1..1). JCZ tiles -> ours: BA/L = B (a cloister in a field), BA/C = E
-- (R270 = r3).
-- Alice's farmer on the field of the B east of co.8; her E closes a
-- 2-tile city with co.12's rim city. The farm runs along the City's east
-- rim: it touches the City (a completed city, FAQ 11/2013) and the 2-tile
-- city: 3 + 3. JCZ asserts: Alice 6, "scored field for 6 points".
-- JCZ's game has Alice alone; here Bob places the second tile (JCZ
-- endTurn 2), deploying nothing.
-- Players: 1 = Alice, 2 = Bob.
scenario "COUNT-JCZ-1: coc-field-scoring.jcz: Alice 6" {
  game = "base", with = { "count" }, players = 2,
}

expect.tile_at { at = { -2, -1 }, id = "co.1", rot = 0 }
expect.tile_at { at = { 1, 1 }, id = "co.12", rot = 0 }
expect.closed { at = { 0, 0 }, port = "N" }               -- the City, complete from the start
expect.feature { at = { 0, 0 }, port = "N", kind = "city", tiles = 12 }
stack { "B", "E" }
play("place B 2,0 r0", "deploy meeple N")
play("place E 2,1 r3", "pass")
expect.closed { at = { 2, 1 }, port = "W" }
expect.over()
expect.final { 6, 0 }
expect.ledger_final { { player = 1, points = 6, reason = "field" } }
