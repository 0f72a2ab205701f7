-- examples/house-rules/farmer_points.lua with --option farmer_points=3:
-- the 3rd-edition 3 per completed city (the position of farmers_4.lua,
-- whose default gives 4). Players: 1 = You, 2 = Blue.
scenario "farmer_points=3: 3 per completed city" {
  game = "base", players = 2, start = false,
  rules = { "../farmer_points.lua" }, options = { farmer_points = 3 },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
}

turn "place U 1,0 r0"
turn "place E 0,-1 r2"
final()
expect.final { 3, 0 }
expect.ledger_final { { player = 1, points = 3, reason = "field" } }
