-- base.md §4.2: the game ends after the turn in which the last tile is
-- placed; features completed on that turn score normally, then the
-- final scoring.
-- The stack holds one E. P1 closes P2's 2-tile city with it (4), and
-- P1's thief on an open 2-tile road scores at the end (2).
scenario "the last tile: normal scoring, then final scoring" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "U", at = { 1, 0 }, figure = { player = 1, on = "N" } },
  { "U", at = { 1, 1 } },
}
stack { "E" }

expect.tile "E"
play("place E 0,-1 r2", "pass")
expect.over()
expect.final { 2, 4 }
expect.ledger_last_turn { { player = 2, points = 4, reason = "city" } }
expect.ledger_final { { player = 1, points = 2, reason = "road" } }
