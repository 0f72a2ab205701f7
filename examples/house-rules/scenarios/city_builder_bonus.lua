-- examples/house-rules/city_builder_bonus.lua: whoever lays the tile that
-- completes a city earns 2 (reason "bonus"), even without a knight in it.
-- Blue closes Your 2-tile city: You 4 (base.md §4.1), Blue 2.
-- Players: 1 = You, 2 = Blue.
scenario "city_builder_bonus: closing a city pays its closer 2" {
  game = "base", players = 2, start = false,
  rules = { "../city_builder_bonus.lua" },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } },
}

turn "place U 1,0 r0"             -- You
turn "place E 0,-1 r2"            -- Blue closes the city
expect.score { 4, 2 }
expect.ledger_last_turn {
  { player = 1, points = 4, reason = "city" },
  { player = 2, points = 2, reason = "bonus" },
}
