-- new-world.md §7 NW-EX-03, §4.1 (town: 2 per tile + 2 per flag), [FAQ]
-- the coastal town New York (starting space 0,3) counts as a tile.
-- Red = player 1. NW22 r1 (town E+N, flag) at -1,3 joins New York, Red's
-- shopkeeper on it; Red closes the town with a cap NW17 r2 at -1,2.
-- 3 tiles + 1 flag: 3 x 2 + 2 = 8.
scenario "NW-EX-03: a 3-tile town with a flag: Red +8" { game = "new_world", players = 2 }

setup {
  { "NW22", at = { -1, 3 }, rot = 1, figure = { player = 1, on = "E" } },
}
turn "place NW17 -1,2 r2"
expect.feature { at = { -1, 3 }, port = "E", kind = "town", closed = true, tiles = 3, flag = 1 }
expect.ledger_last_turn { { player = 1, points = 8, reason = "town" } }
expect.score { 8, 0 }
