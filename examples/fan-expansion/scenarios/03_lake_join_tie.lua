-- Lakes & Fishers, "The lake" and "Scoring": lakes join across sides; a
-- shared lake goes to the fisher majority (ties share); a road ending at
-- the lake on its own tiles adds 1.
-- lk.D (a lake running north-south, no fish) holds Your fisher, lk.B
-- below it (a pond whose north side joins it, a road ending at its shore)
-- holds Blue's. You lay lk.A turned r2 (lake south, 1 fish) on top: the
-- lake is 3 tiles with no open side. 3 x 2 + 1 fish x 2 + 1 road = 9 for
-- each of You and Blue (1 fisher each).
-- Players: 1 = You, 2 = Blue.
scenario "LAKES-03: a three-tile lake, tied fishers, a road to its shore" {
  game = "base", with = { "../lakes.lua" }, players = 2, start = false,
}

setup {
  { "lk.D", at = { 0, 0 }, figure = { player = 1, kind = "fisher", on = "N" } },
  { "lk.B", at = { 0, 1 }, figure = { player = 2, kind = "fisher", on = "N" } },
}

expect.feature { at = { 0, 0 }, port = "N", kind = "lake", tiles = 2, closed = false, fish = 0 }
play "place lk.A 0,-1 r2"
expect.feature { at = { 0, 0 }, port = "N", kind = "lake", tiles = 3, closed = true, fish = 1, points = 9 }
play "pass"
expect.ledger_last_turn {
  { player = 1, points = 9, reason = "lake" },
  { player = 2, points = 9, reason = "lake" },
}
