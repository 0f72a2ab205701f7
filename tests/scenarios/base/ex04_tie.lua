-- base.md §6 BASE-EX-04 (tie); §4.1 majority: tied players each score
-- the full value, everyone else 0, all followers return; city = 2 per
-- tile + 2 per pennant.
-- City: E(cap E) - F(pennant) - F(pennant) - G - E(cap W): 5 tiles,
-- 2 pennants = 5*2 + 2*2 = 14. Knights: Red 2, Blue 2, Green 1.
-- Players: 1 = Green (places the closing F), 2 = Red, 3 = Blue.
scenario "BASE-EX-04: a shared tie scores in full for each, all knights return" {
  game = "base", players = 3, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 2, on = "E" } },
  { "F", at = { 1, 0 }, rot = 0, figures = { { player = 3, on = "W" } } },
  { "G", at = { 3, 0 }, rot = 0, fixed = true, figures = { { player = 2, on = "W" } } },
  { "E", at = { 4, 0 }, rot = 3, figures = { { player = 3, on = "W" }, { player = 1, on = "W" } } },
}

play "place F 2,0 r0"
expect.feature { at = { 2, 0 }, port = "E", closed = true, tiles = 5, pennant = 2, points = 14 }
play "pass"
expect.score { 0, 14, 14 }
expect.ledger_last_turn {
  { player = 2, points = 14, reason = "city" },
  { player = 3, points = 14, reason = "city" },
}
expect.supply { player = 1, count = 7 }
expect.supply { player = 2, count = 7 }
expect.supply { player = 3, count = 7 }
