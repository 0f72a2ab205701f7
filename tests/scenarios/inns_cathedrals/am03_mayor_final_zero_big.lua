-- inns_cathedrals.md §5 (with abbey-mayor.md §4.1 reading B, option
-- mayor_final = zero): at the end, mayors count 0 in unfinished cities,
-- the large meeple still 2. An open city E r1 - F (pennant, Blue's mayor)
-- - G (Red's large meeple): 3 tiles + 1 pennant = 4 at the end; mayor 0
-- against 2: Red 4, Blue 0.
-- Players: 1 = Blue, 2 = Red.
scenario "IC-AM-03: mayor_final=zero still counts the large meeple 2" {
  game = "base", with = { "inns_cathedrals", "abbey_mayor" }, players = 2, start = false,
  options = { mayor_final = "zero" },
}

setup {
  { "E", at = { 0, 0 }, rot = 1 },
  { "F", at = { 1, 0 }, figure = { player = 1, kind = "mayor", on = "W" } },
  { "G", at = { 2, 0 }, figure = { player = 2, kind = "big", on = "W" } },
}

final()
expect.final { 0, 4 }
expect.ledger_final { { player = 2, points = 4, reason = "city" } }
