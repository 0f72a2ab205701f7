-- The scenario format: line markers placed in setup (neutral, on a cell,
-- not anyone's figure) and expect.marker. As new_world/ex08: one
-- surveyor in column x = -1 (cell -1,4), the other on the starting space
-- 0,9. Yellow's robber scores 6 + 4; then the x = 0 surveyor moves to
-- x = -1 (new-world.md §4.2).
scenario "format: markers in setup, expect.marker" { game = "new_world", players = 2 }

setup {
  { "NW17", at = { -1, 4 }, rot = 3 },
  { "NW04", at = { -1, 5 }, rot = 1, figure = { player = 1, on = "E" } },
  { "NW03", at = { -2, 5 }, rot = 1 },
  { marker = "surveyor", at = { -1, 4 } },
  { marker = "surveyor", at = { 0, 9 } },
}
expect.marker { "surveyor", columns = { -1, 0 } }
expect.marker { "surveyor", column = 0, count = 1 }
expect.occupied { at = { -1, 5 }, port = "E", by = { 1 } }
turn "place NW14 -3,5 r0"
expect.ledger_last_turn {
  { player = 1, points = 6, reason = "trail" },
  { player = 1, points = 4, reason = "surveyor" },
}
expect.marker { "surveyor", column = -1, count = 2 }
expect.marker { "surveyor", columns = { -1, -1 } }
