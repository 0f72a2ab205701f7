-- abbey-mayor.md §7 AM-EX-04 (b): the same city (8 points) with Blue's
-- mayor (0 pennants: strength 0) and one Red knight (strength 1): Red 8.
-- Players: 1 = Red, 2 = Blue.
scenario "AM-EX-04b: a strength-0 mayor loses to one knight" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 1, on = "E" } },
  { "G", at = { 1, 0 }, figure = { player = 2, kind = "mayor", on = "W" } },
  { "G", at = { 2, 0 } },
}

play("place E 3,0 r3", "pass")
expect.score { 8, 0 }
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" } }
