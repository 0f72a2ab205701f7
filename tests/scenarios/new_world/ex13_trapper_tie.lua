-- new-world.md §7 NW-EX-13, §4.3 trappers: the trapper majority of each
-- plains area scores 1 per animal; ties each score in full.
-- Red = 1, Yellow = 2, Blue = 3. Animals (tiles/new_world.tiles):
-- NW01 2, NW16 1, starting space NWS1 1, NWS7 1, others 0.
-- Lower plains: NW01 at -1,7 + NW16 r3 (cap W) at -1,8 + spaces 0,7 and
-- 0,8 = 2 + 1 + 1 + 0 = 4 animals; Red 2 and Yellow 2 trappers.
-- Upper plains: NW01 at -1,0 and -1,1 + spaces 0,0 and 0,1 = 2+2+0+1
-- = 5 animals; Blue alone. Final: Red +4, Yellow +4, Blue +5.
scenario "NW-EX-13: trapper tie 4/4, Blue alone 5" { game = "new_world", players = 3 }

setup {
  { "NW01", at = { -1, 7 }, figures = { { player = 1, on = "N" }, { player = 1, on = "N" },
                                       { player = 2, on = "N" }, { player = 2, on = "N" } } },
  { "NW16", at = { -1, 8 }, rot = 3 },
  { "NW01", at = { -1, 0 }, figure = { player = 3, on = "N" } },
  { "NW01", at = { -1, 1 } },
}
final()
expect.ledger_final {
  { player = 1, points = 4, reason = "plains" },
  { player = 2, points = 4, reason = "plains" },
  { player = 3, points = 5, reason = "plains" },
}
expect.final { 4, 4, 5 }
