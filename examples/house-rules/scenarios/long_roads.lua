-- examples/house-rules/long_roads.lua (default long_road = 5): a
-- completed road of 5 tiles pays double. You: a thief on a road from
-- cloister A (0,0) south through three U; You close it with an A turned
-- r2 at 0,4: 5 tiles, 5 points, doubled: 10 (base: 5).
-- Players: 1 = You, 2 = Blue.
scenario "long_roads: a completed 5-tile road pays 10" {
  game = "base", players = 2, start = false,
  rules = { "../long_roads.lua" },
}

setup {
  { "A", at = { 0, 0 } },
  { "U", at = { 0, 1 }, figure = { player = 1, on = "N" } },
  { "U", at = { 0, 2 } },
  { "U", at = { 0, 3 } },
}

play("place A 0,4 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 10, reason = "road" } }
