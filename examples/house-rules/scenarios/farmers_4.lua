-- examples/house-rules/farmers_4.lua (base.md §4.3, 1st edition): a
-- field pays its farmers 4 per completed city, not 3.
-- You: a farmer south of a city cap E at 0,0; Blue closes the city with a
-- second cap (nobody in it). Final: 1 completed city: You 4 (base: 3).
-- Players: 1 = You, 2 = Blue.
scenario "farmers_4: 4 per completed city" {
  game = "base", players = 2, start = false,
  rules = { "../farmers_4.lua" },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
}

turn "place U 1,0 r0"           -- You: a road beside it, no follower
turn "place E 0,-1 r2"          -- Blue closes the city
final()
expect.final { 4, 0 }
expect.ledger_final { { player = 1, points = 4, reason = "field" } }
