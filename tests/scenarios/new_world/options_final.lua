-- new-world.md §4.3 options: final_count = segments (reading B) and
-- final_surveyor_bonus = true (reading B). Red = player 1.
-- NW-EX-04's ring of towns, left open: NW27 (caps N and W) at -1,7 with
-- Red's shopkeeper, NW21 r3 at -1,6 and r1 at -2,7, and at -2,6 NW08 r1
-- (town E, S and N): its N side stays open. 4 tiles, 5 segments, no
-- flag: segments -> 5 (tiles would give 4).
-- A surveyor stands in column 1 (on -1,6), the other in column 0:
-- + 4 for Red's shopkeeper in column 1: Red 5 + 4 = 9.
scenario "options: final segments and final surveyor bonus: Red 5 + 4" {
  game = "new_world", players = 2,
  options = { final_count = "segments", final_surveyor_bonus = true },
}

setup {
  { "NW27", at = { -1, 7 }, rot = 0, figure = { player = 1, on = "N" } },
  { "NW21", at = { -1, 6 }, rot = 3, figure = { player = 0, kind = "surveyor", on = "E" } },
  { "NW21", at = { -2, 7 }, rot = 1 },
  { "NW08", at = { -2, 6 }, rot = 1 },
  { figure = { player = 0, kind = "surveyor", at = { 0, 0 }, on = "E" } },
}
final()
expect.ledger_final {
  { player = 1, points = 5, reason = "town" },
  { player = 1, points = 4, reason = "surveyor" },
}
