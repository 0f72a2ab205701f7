-- examples/house-rules/farmer_points.lua, default farmer_points = 4 (the
-- position of farmers_4.lua): 4 per completed city.
-- Players: 1 = You, 2 = Blue.
scenario "farmer_points default: 4 per completed city" {
  game = "base", players = 2, start = false,
  rules = { "../farmer_points.lua" },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
}

turn "place U 1,0 r0"
turn "place E 0,-1 r2"
final()
expect.final { 4, 0 }
