-- new-world.md §7 NW-EX-05, §4.1: a farm is complete when its tile has
-- all 8 neighbours: 9 points. Starting spaces count as tiles (option
-- farm_start_spaces = count, the default). Red = player 1.
-- Red's farmer on NW01 at -1,1 (column 1); neighbours: the starting
-- spaces 0,0 0,1 0,2 and NW01 tiles at -1,0 -1,2 -2,0 -2,1, then -2,2.
scenario "NW-EX-05: a surrounded farm: Red +9" { game = "new_world", players = 2 }

setup {
  { "NW01", at = { -1, 1 }, figure = { player = 1, on = "C" } },
  { "NW01", at = { -1, 0 } },
  { "NW01", at = { -1, 2 } },
  { "NW01", at = { -2, 0 } },
  { "NW01", at = { -2, 1 } },
}
turn "place NW01 -2,2 r0"
expect.closed { at = { -1, 1 }, port = "C" }
expect.ledger_last_turn { { player = 1, points = 9, reason = "farm" } }
expect.score { 9, 0 }
expect.supply { player = 1, count = 5 }
