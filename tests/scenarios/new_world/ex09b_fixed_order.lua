-- new-world.md §2 step 3 reading B (option score_order = fixed): the
-- active player's features first, in discovery order (the placed tile's
-- segments, then farms). Position of NW-EX-09.
-- Blue's small town first: 4 + 2 x 4 = 12; a surveyor to column 2. The
-- farm: 9 + 4 = 13; the other surveyor to column 2, sweep: Red's
-- shopkeeper and Green's robber go home. Red's town is not scored.
-- Blue +25 again, Red 0, Green 0.
scenario "score_order = fixed: NW-EX-09 in fixed order, Blue +12 then +13" {
  game = "new_world", players = 3, options = { score_order = "fixed" },
}

setup {
  { "NW17", at = { -1, 2 }, rot = 2, figure = { player = 1, on = "S" } },
  { "NW01", at = { -1, 4 }, figures = { { player = 2, on = "C" }, { player = 0, kind = "surveyor", on = "N" } } },
  { "NW04", at = { -1, 5 }, rot = 1, figures = { { player = 3, on = "E" }, { player = 0, kind = "surveyor", on = "N" } } },
  { "NW03", at = { -2, 5 }, rot = 1 },
  { "NW01", at = { -2, 4 } },
  { "NW01", at = { -2, 3 } },
}
turn "place NW01 -1,7 r0"
turn("place NW27 -1,3 r1", "deploy settler E")
expect.ledger_last_turn {
  { player = 2, points = 4, reason = "town" },
  { player = 2, points = 8, reason = "surveyor" },
  { player = 2, points = 9, reason = "farm" },
  { player = 2, points = 4, reason = "surveyor" },
}
expect.score { 0, 25, 0 }
expect.supply { player = 1, count = 5 }
expect.supply { player = 3, count = 5 }
