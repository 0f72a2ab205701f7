-- docs/lua-api.md, Scoring formulas and bonus: `touching_closed` sums an
-- attribute over the completed features of a kind touching the scored
-- one, and a `bonus` without only_with adds its terms for every leader.
-- A house rule: farmers get 2 more per pennant of each completed city
-- their farm touches (base: 3 a city).
-- Players: 1 = Red, 2 = Blue.
scenario "bonus for every leader: touching_closed pennants for farmers" {
  game = "base", players = 2,
}

script [[
  bonus "field" { final = { touching_closed = { city = { pennant = 2 } } } }
]]

stack { "F", "E", "E" }
-- Red's farmer on F's eastern field, which touches F's city band (1
-- pennant); Blue closes the city (start cap + F + E cap), unoccupied.
turn("place F 0,-1 r1", "deploy meeple E")
turn("place E 0,-2 r2", "pass")
expect.closed { at = { 0, -1 }, port = "S" }
turn("place E -1,-1 r0", "pass")              -- an open city, not Red's farm's
expect.over()
expect.ledger_final { { player = 1, points = 5, reason = "field" } }
expect.final { 5, 0 }
