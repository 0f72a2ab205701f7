-- examples/house-rules/long_roads.lua with --option long_road=6: the
-- 5-tile road of long_roads.lua is too short now and pays 5, as in the
-- base game. Players: 1 = You, 2 = Blue.
scenario "long_roads=6: a 5-tile road pays 5" {
  game = "base", players = 2, start = false,
  rules = { "../long_roads.lua" }, options = { long_road = 6 },
}

setup {
  { "A", at = { 0, 0 } },
  { "U", at = { 0, 1 }, figure = { player = 1, on = "N" } },
  { "U", at = { 0, 2 } },
  { "U", at = { 0, 3 } },
}

play("place A 0,4 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 5, reason = "road" } }
