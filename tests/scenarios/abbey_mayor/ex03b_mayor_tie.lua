-- abbey-mayor.md §7 AM-EX-03 variant: the same city with 2 pennants (G in
-- place of am.08): 6x2 + 2x2 = 16; mayor 2 against 2 knights: a tie, both 16.
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-03 variant: mayor 2 pennants ties 2 knights" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1 },
  { "F", at = { 1, 0 }, figure = { player = 1, kind = "mayor", on = "W" } },
  { "F", at = { 2, 0 }, figure = { player = 2, on = "W" } },
  { "G", at = { 3, 0 } },
  { "G", at = { 4, 0 }, figure = { player = 2, on = "W" } },
}

play("place E 5,0 r3", "pass")
expect.score { 16, 16 }
expect.ledger_last_turn {
  { player = 1, points = 16, reason = "city" },
  { player = 2, points = 16, reason = "city" },
}
