-- abbey-mayor.md §4.1 ambiguity, reading B (option mayor_final = zero):
-- the same position; the mayor counts 0 at the end, Red's knight 1: Red 5.
-- Players: 1 = Red, 2 = Blue.
scenario "mayor in an incomplete city at the end (reading B option)" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
  options = { mayor_final = "zero" },
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figure = { player = 1, on = "E" } },
  { "F", at = { 1, 0 }, figure = { player = 2, kind = "mayor", on = "W" } },
  { "F", at = { 2, 0 } },
}

final()
expect.final { 5, 0 }
expect.ledger_final { { player = 1, points = 5, reason = "city" } }
