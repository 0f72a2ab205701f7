-- new-world.md §7 NW-EX-08, §4.1 surveyor bonus: +4 per surveyor in the
-- scoring settler's column. Yellow = player 1.
-- One surveyor already stands in column 1 (on the cap NW17 r3 at -1,4),
-- the other in column 0 (starting space 0,9). Yellow's robber is on
-- NW04 r1 (post) at -1,5, column 1, on the sea trail; NW03 r1 at -2,5;
-- Yellow closes it with a crossing NW14 r0 at -3,5.
-- Start space + 3 tiles = 4, 1 post: 4 + 2 = 6, + 4 (one surveyor in
-- column 1) = Yellow +10. Then the column-0 surveyor moves to column 1
-- and the sweep of column 0 finds nobody.
scenario "NW-EX-08: surveyor bonus for one surveyor in the column: Yellow +10" { game = "new_world", players = 2 }

setup {
  { "NW17", at = { -1, 4 }, rot = 3, figure = { player = 0, kind = "surveyor", on = "W" } },
  { "NW04", at = { -1, 5 }, rot = 1, figure = { player = 1, on = "E" } },
  { "NW03", at = { -2, 5 }, rot = 1 },
  { figure = { player = 0, kind = "surveyor", at = { 0, 9 }, on = "E" } },
}
turn "place NW14 -3,5 r0"
expect.ledger_last_turn {
  { player = 1, points = 6, reason = "trail" },
  { player = 1, points = 4, reason = "surveyor" },
}
expect.score { 10, 0 }
