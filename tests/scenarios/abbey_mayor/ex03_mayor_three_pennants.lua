-- abbey-mayor.md §7 AM-EX-03, §4.1: a completed city of 6 tiles with 3
-- pennants = 6x2 + 3x2 = 18. Blue's mayor has strength 3 (the pennants),
-- Red's 2 knights 2: Blue 18, Red 0. All figures go home.
-- City W-E: E r1 (cap E) - F (pennant) - F (pennant) - am.08 (pennant) -
-- G - E r3 (cap W, the closing tile, placed by Blue).
-- Players: 1 = Blue, 2 = Red.
scenario "AM-EX-03: a mayor with 3 pennants beats 2 knights" {
  game = "base", with = { "abbey_mayor" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1 },
  { "F", at = { 1, 0 }, figure = { player = 1, kind = "mayor", on = "W" } },
  { "F", at = { 2, 0 }, figure = { player = 2, on = "W" } },
  { "am.08", at = { 3, 0 } },
  { "G", at = { 4, 0 }, figure = { player = 2, on = "W" } },
}

expect.feature { at = { 1, 0 }, port = "W", kind = "city", pennant = 3, tiles = 5 }
play("place E 5,0 r3", "pass")
expect.score { 18, 0 }
expect.ledger_last_turn { { player = 1, points = 18, reason = "city" } }
expect.supply { player = 1, kind = "mayor", count = 1 }
expect.supply { player = 2, kind = "meeple", count = 7 }
