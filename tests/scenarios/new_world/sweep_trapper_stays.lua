-- new-world.md §4.2 sweep, §3.2: a standing settler east of the
-- surveyors goes home unscored at the next sweep; a trapper stays.
-- Red = 1, Blue = 2. Surveyors: one in column 1 on the cap NW17 r3 at
-- -1,2, one in column 2 on the trail of NW03 at -2,0.
-- Red: a trapper on NW01 at -1,0 (column 1), a robber on the open sea
-- trail at -1,5 (NW04 r1, column 1).
-- Turn 1 (Red): NW01 at -1,7, nothing. Turn 2 (Blue): NW17 r1 (cap E)
-- at -2,2 closes a 2-tile town with -1,2; Blue's shopkeeper (column 2,
-- one surveyor there): 2 x 2 + 4 = 8. The column-1 surveyor moves to
-- column 2; sweep of columns < 2: Red's robber goes home, his trapper
-- stays.
scenario "sweep: a robber east of the surveyors goes home, a trapper stays" { game = "new_world", players = 2 }

setup {
  { "NW01", at = { -1, 0 }, figure = { player = 1, on = "N" } },
  { "NW03", at = { -2, 0 }, figure = { player = 0, kind = "surveyor", on = "N" } },
  { "NW17", at = { -1, 2 }, rot = 3, figure = { player = 0, kind = "surveyor", on = "W" } },
  { "NW04", at = { -1, 5 }, rot = 1, figure = { player = 1, on = "E" } },
}
turn "place NW01 -1,7 r0"
turn("place NW17 -2,2 r1", "deploy settler E")
expect.ledger_last_turn {
  { player = 2, points = 4, reason = "town" },
  { player = 2, points = 4, reason = "surveyor" },
}
expect.free { at = { -1, 5 }, port = "E" }
expect.occupied { at = { -1, 0 }, port = "N", by = { 1 } }
expect.supply { player = 1, count = 4 }
expect.score { 0, 8 }
