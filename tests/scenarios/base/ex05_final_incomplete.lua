-- base.md §6 BASE-EX-05 (final, incomplete); §4.2: incomplete road 1 per
-- tile, city 1 per tile + 1 per pennant, cloister 1 + 1 per neighbour.
-- Players: 1 = Red, 2 = Blue, 3 = Yellow.
--   Red:    city E(cap E) - F(pennant) - G, open to the east: 3 + 1 = 4
--   Blue:   road V - U, open at both ends: 2
--   Yellow: cloister B with 5 of 8 neighbours: 6
scenario "BASE-EX-05: incomplete city, road and cloister at the end" {
  game = "base", players = 3, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 3, on = "C" } },
  { "F", at = { 0, -1 } },
  { "E", at = { -1, -1 }, rot = 1, figure = { player = 1, on = "E" } },
  { "G", at = { 1, -1 } },
  { "V", at = { -1, 0 }, rot = 0 },                                  -- road S-W
  { "U", at = { -1, 1 }, rot = 0, figure = { player = 2, on = "N" } },  -- road N-S
}

expect.feature { at = { 0, 0 }, port = "C", points = 6 }
final()
expect.over()
expect.final { 4, 2, 6 }
expect.points { player = 1, reason = "city", points = 4 }
expect.points { player = 2, reason = "road", points = 2 }
expect.points { player = 3, reason = "cloister", points = 6 }
