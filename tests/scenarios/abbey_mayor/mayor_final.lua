-- abbey-mayor.md §4.1 ambiguity, reading A (default): at the end a mayor
-- in an incomplete city counts its pennants too. City E r1 - F - F (open
-- east): 3 tiles + 2 pennants = 5 at the end; Blue's mayor (2) beats Red's
-- knight (1): Blue 5.
-- Players: 1 = Red, 2 = Blue.
scenario "mayor in an incomplete city at the end (reading A)" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 1, on = "E" } },
  { "F", at = { 1, 0 }, figure = { player = 2, kind = "mayor", on = "W" } },
  { "F", at = { 2, 0 } },
}

final()
expect.final { 0, 5 }
expect.ledger_final { { player = 2, points = 5, reason = "city" } }
