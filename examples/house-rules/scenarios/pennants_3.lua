-- examples/house-rules/pennants_3.lua: a pennant is worth 3 in a
-- completed city (base.md §4.1: 2). You: a knight on F (city band W-E,
-- 1 pennant) at 0,0, a cap on its west; You close it with a cap on its
-- east: 3 tiles x 2 + 1 pennant x 3 = 9 (base: 8).
-- Players: 1 = You, 2 = Blue.
scenario "pennants_3: 3 per pennant in a completed city" {
  game = "base", players = 2, start = false,
  rules = { "../pennants_3.lua" },
}

setup {
  { "F", at = { 0, 0 }, figure = { player = 1, on = "E" } },
  { "E", at = { -1, 0 }, rot = 1 },
}

play("place E 1,0 r3", "pass")
expect.ledger_last_turn { { player = 1, points = 9, reason = "city" } }
