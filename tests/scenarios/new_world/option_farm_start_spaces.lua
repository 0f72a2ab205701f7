-- new-world.md §8 option farm_start_spaces = ignore: the three starting
-- spaces beside a column-1 farm fill its neighbourhood but add no point.
-- (Position of NW-EX-05: §4.1 a farm is complete when its tile has
-- all 8 neighbours: 9 points. Starting spaces count as tiles (option
-- farm_start_spaces = count, the default.) Red = player 1.
-- Red's farmer on NW01 at -1,1 (column 1); neighbours: the starting
-- spaces 0,0 0,1 0,2 and NW01 tiles at -1,0 -1,2 -2,0 -2,1, then -2,2.
scenario "farm_start_spaces = ignore: the farm of NW-EX-05 scores 9 - 3 = 6" {
  game = "new_world", players = 2, options = { farm_start_spaces = "ignore" },
}

setup {
  { "NW01", at = { -1, 1 }, figure = { player = 1, on = "C" } },
  { "NW01", at = { -1, 0 } },
  { "NW01", at = { -1, 2 } },
  { "NW01", at = { -2, 0 } },
  { "NW01", at = { -2, 1 } },
}
turn "place NW01 -2,2 r0"
expect.closed { at = { -1, 1 }, port = "C" }
expect.ledger_last_turn { { player = 1, points = 6, reason = "farm" } }
expect.score { 6, 0 }
expect.supply { player = 1, count = 5 }
