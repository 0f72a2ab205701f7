-- traders-builders.md §4.2: field control is the base farmer majority;
-- the pig does not count for it. A player with a pig but without control
-- scores nothing; the controller without a pig scores 3 per city; another
-- player's pig never helps.
-- Red: 2 farmers, no pig. Blue: 1 farmer + pig (2 figures, still only 1
-- for control). 2 completed cities: Red 6, Blue 0.
-- Players: 1 = Red, 2 = Blue.
scenario "a pig without control scores nothing" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 }, figure = { player = 1, on = "S" } },
  { "E", at = { 1, -1 }, rot = 2 },
  { "E", at = { 2, 0 }, figures = {
      { player = 2, on = "S" }, { player = 2, kind = "pig", on = "S" } } },
}

final()
expect.final { 6, 0 }
