-- traders-builders.md §7 TB-EX-07 (pig with a tie; Big Box 7 example),
-- §4.2: Red, Blue and Green tie for a field touching 2 completed cities;
-- Red's and Blue's pigs are there: Red 8, Blue 8, Green 6.
-- Players: 1 = Red, 2 = Blue, 3 = Green.
scenario "TB-EX-07: tied controllers, two with pigs: 8, 8, 6" {
  game = "base", with = { "traders_builders" }, players = 3, start = false,
}

setup {
  { "E", at = { 0, 0 }, figures = {
      { player = 1, on = "S" }, { player = 1, kind = "pig", on = "S" } } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 }, figures = {
      { player = 2, on = "S" }, { player = 2, kind = "pig", on = "S" } } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "E", at = { 2, 0 }, figure = { player = 3, on = "S" } },
}

final()
expect.final { 8, 8, 6 }
expect.ledger_final {
  { player = 1, points = 8, reason = "field" },   -- 4 per city: a controller with a pig
  { player = 2, points = 8, reason = "field" },   -- 4 per city: a controller with a pig
  { player = 3, points = 6, reason = "field" },   -- 3 per city: a controller without one
}
