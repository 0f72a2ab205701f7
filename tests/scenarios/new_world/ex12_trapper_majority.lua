-- new-world.md §7 NW-EX-11/12, §4.3: the trapper majority takes the
-- plains area, the minority nothing. Red = 1, Yellow = 2, Blue = 3.
-- Lower plains as in NW-EX-13 (4 animals): Red 2 trappers, Yellow 1 ->
-- Red +4, Yellow 0. Upper plains: NW01 at -1,0 + space 0,0 = 2 animals,
-- Blue alone -> Blue +2.
scenario "NW-EX-12: trapper majority: Red +4, Yellow 0, Blue +2" { game = "new_world", players = 3 }

setup {
  { "NW01", at = { -1, 7 }, figures = { { player = 1, on = "N" }, { player = 1, on = "N" },
                                       { player = 2, on = "N" } } },
  { "NW16", at = { -1, 8 }, rot = 3 },
  { "NW01", at = { -1, 0 }, figure = { player = 3, on = "N" } },
}
final()
expect.ledger_final {
  { player = 1, points = 4, reason = "plains" },
  { player = 3, points = 2, reason = "plains" },
}
