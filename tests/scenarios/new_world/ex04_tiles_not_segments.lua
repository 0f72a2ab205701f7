-- new-world.md §7 NW-EX-04, §4.1: count tiles, not segments.
-- Red = player 1. NW27 (two separate caps N and W) at -1,7 holds two
-- segments of one town, joined around by three corner towns NW21:
-- r3 (S+W) at -1,6, r1 (N+E) at -2,7, and r2 (E+S) at -2,6, the last
-- tile. 4 tiles, 5 segments, no flag: 4 x 2 = 8 (segments would give 10).
scenario "NW-EX-04: a 4-tile town crossing one tile twice: Red +8, not 10" { game = "new_world", players = 2 }

setup {
  { "NW27", at = { -1, 7 }, rot = 0, figure = { player = 1, on = "N" } },
  { "NW21", at = { -1, 6 }, rot = 3 },
  { "NW21", at = { -2, 7 }, rot = 1 },
}
turn "place NW21 -2,6 r2"
expect.feature { at = { -1, 7 }, port = "N", closed = true, tiles = 4 }
expect.feature { at = { -1, 7 }, port = "W", closed = true, tiles = 4 }
expect.ledger_last_turn { { player = 1, points = 8, reason = "town" } }
expect.score { 8, 0 }
