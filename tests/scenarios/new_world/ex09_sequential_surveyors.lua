-- new-world.md §7 NW-EX-09, §2 step 3, §4.2: one tile, three completed
-- features, scored one at a time with a surveyor move between them.
-- Red = player 1, Blue = player 2, Green = player 3.
-- Column 1 (x = -1): Red's shopkeeper on the cap NW17 r2 at -1,2; Blue's
-- farmer on NW01 at -1,4; Green's robber on NW04 r1 at -1,5 (the open
-- sea trail); both surveyors in column 1. Around the farm: the starting
-- spaces 0,3 (New York) 0,4 0,5, NW03 r1 -2,5, NW01 -2,4 and -2,3.
-- Turn 1 (Red) lays a harmless NW01 at -1,7. Turn 2: Blue lays NW27 r1
-- (caps N and E) at -1,3: its E cap closes a 2-tile town with New York
-- (Blue's new shopkeeper), its N cap closes Red's 2-tile town, its S
-- side is the farm's last neighbour.
-- Blue chooses (reading A): the farm: 9 + 2 x 4 = 17; a surveyor moves
-- to column 2. The small town: 2 x 2 + 4 (one surveyor left in column 1)
-- = 8; the eastern-most surveyor moves to column 2 and the sweep sends
-- Red's shopkeeper and Green's robber home unscored. Red's town: no
-- settler left, not scored. Blue +25, Red 0, Green 0.
scenario "NW-EX-09: sequential surveyors: Blue +17, +8, Red's town swept" { game = "new_world", players = 3 }

setup {
  { "NW17", at = { -1, 2 }, rot = 2, figure = { player = 1, on = "S" } },
  { "NW01", at = { -1, 4 }, figures = { { player = 2, on = "C" }, { player = 0, kind = "surveyor", on = "N" } } },
  { "NW04", at = { -1, 5 }, rot = 1, figures = { { player = 3, on = "E" }, { player = 0, kind = "surveyor", on = "N" } } },
  { "NW03", at = { -2, 5 }, rot = 1 },
  { "NW01", at = { -2, 4 } },
  { "NW01", at = { -2, 3 } },
}
turn "place NW01 -1,7 r0"
play("place NW27 -1,3 r1", "deploy settler E")
expect.moves { "action survey -1 4 1 0", "action survey -1 3 1 0", "action survey -1 3 2 0" }
choose "action survey -1 4 1 0"                -- the farm first
expect.score { 0, 17, 0 }
choose "action survey -1 3 1 0"                -- then Blue's small town
expect.over(false)
expect.ledger_last_turn {
  { player = 2, points = 9, reason = "farm" },
  { player = 2, points = 8, reason = "surveyor" },
  { player = 2, points = 4, reason = "town" },
  { player = 2, points = 4, reason = "surveyor" },
}
expect.score { 0, 25, 0 }
expect.supply { player = 1, count = 5 }
expect.supply { player = 2, count = 5 }
expect.supply { player = 3, count = 5 }
expect.free { at = { -1, 2 }, port = "S" }
expect.player(3)
