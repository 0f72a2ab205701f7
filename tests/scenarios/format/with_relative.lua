-- The scenario format: `with` paths relative to the scenario's directory
-- (as `rules`), and a rule script beside the scenarios that `meeple test`
-- does not run as one. The kit's rule adds 1 to a closed city: 4 + 1.
scenario "format: with = { \"kit/...\" } relative to the scenario" {
  game = "base", with = { "kit/closed_city_bonus.lua" }, players = 2, start = false,
}

setup { { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } } }

turn "place E 0,-1 r2"
expect.score { 5, 0 }
