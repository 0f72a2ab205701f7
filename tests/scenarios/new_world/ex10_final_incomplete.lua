-- new-world.md §7 NW-EX-10, §4.3 final scoring of incomplete features
-- (tiles, reading A; no surveyor bonus, reading A).
-- Red = 1, Yellow = 2, Blue = 3, Green = 4, Black = 5.
-- Red: robber on the open sea trail: space 0,5 + NW03 r1 at -1,5 and
--   -2,5 = 3 tiles, no post: +3.
-- Yellow: farmer on NW01 at -1,1; neighbours present: spaces 0,0 0,1
--   0,2 and NW01 at -1,0 = 4: 1 + 4 = +5.
-- Blue: shopkeeper in Jamestown's town: space 0,9 + NW25 bands at -1,9
--   and -2,9 (open west) = 3 tiles, no flag: +3.
-- Green 2 shopkeepers, Black 1 in New York's town: space 0,3 + NW06
--   (flag) -1,3 + NW50 (2 flags) -2,3 + NW41 r0 (flag) -3,3 = 4 tiles +
--   4 flags = 8: Green +8, Black 0.
scenario "NW-EX-10: incomplete features at the end: 3/5/3/8/0" { game = "new_world", players = 5 }

setup {
  { "NW03", at = { -1, 5 }, rot = 1, figure = { player = 1, on = "E" } },
  { "NW03", at = { -2, 5 }, rot = 1 },
  { "NW01", at = { -1, 1 }, figure = { player = 2, on = "C" } },
  { "NW01", at = { -1, 0 } },
  { "NW25", at = { -1, 9 }, figure = { player = 3, on = "E" } },
  { "NW25", at = { -2, 9 } },
  { "NW06", at = { -1, 3 }, figures = { { player = 4, on = "E" }, { player = 4, on = "E" },
                                       { player = 5, on = "E" } } },
  { "NW50", at = { -2, 3 } },
  { "NW41", at = { -3, 3 }, rot = 0 },
}
final()
expect.ledger_final {
  { player = 1, points = 3, reason = "trail" },
  { player = 2, points = 5, reason = "farm" },
  { player = 3, points = 3, reason = "town" },
  { player = 4, points = 8, reason = "town" },
}
expect.final { 3, 5, 3, 8, 0 }
