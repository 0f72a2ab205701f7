-- examples/house-rules/cathedral_pennants.lua: a city with a pennant is a
-- cathedral city. You: a knight on F (city band W-E, 1 pennant) at 0,0, a
-- cap on its west; You close it with a cap on its east: 3 tiles x 3 + 1
-- pennant x 3 = 12 (base: 8). Players: 1 = You, 2 = Blue.
scenario "cathedral_pennants: 3 per tile and pennant in a completed pennant city" {
  game = "base", players = 2, start = false,
  rules = { "../cathedral_pennants.lua" },
}

setup {
  { "F", at = { 0, 0 }, figure = { player = 1, on = "E" } },
  { "E", at = { -1, 0 }, rot = 1 },
}

play("place E 1,0 r3", "pass")
expect.ledger_last_turn { { player = 1, points = 12, reason = "city" } }
