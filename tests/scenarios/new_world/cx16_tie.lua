-- new-world.md §7 NW-CX-16 (constructed), §4.1 majority, ties share:
-- a completed 5-tile trail with 1 trading post, Red and Blue one robber
-- each, no surveyor in their column: each +7.
-- Red = 1, Blue = 2.
-- Sea trail: space 0,5 + NW04 r1 (post) -1,5 (Red) + NW03 r1 -2,5 +
-- NW03 r1 -3,5 (Blue) + crossing NW14 r0 at -4,5 = 5 tiles, 1 post:
-- 5 + 2 = 7 each. Surveyors in column 0.
scenario "NW-CX-16: tie on a completed trail: Red +7, Blue +7" { game = "new_world", players = 2 }

setup {
  { "NW04", at = { -1, 5 }, rot = 1, figure = { player = 1, on = "E" } },
  { "NW03", at = { -2, 5 }, rot = 1 },
  { "NW03", at = { -3, 5 }, rot = 1, figure = { player = 2, on = "E" } },
}
turn "place NW14 -4,5 r0"
expect.ledger_last_turn {
  { player = 1, points = 7, reason = "trail" },
  { player = 2, points = 7, reason = "trail" },
}
