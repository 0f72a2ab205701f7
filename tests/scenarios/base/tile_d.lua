-- base.md §1.1 tile D (cap N, straight road W-E), §4.1: the road from a
-- W junction through the D to an A's cloister: 3 tiles = 3; the cap
-- closed by an E: 4.
scenario "tile D: its road (3) and its city (4) score once each" {
  game = "base", players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "E" } } },
  { "W", at = { -1, 0 }, rot = 0 },
}

play("place A 1,0 r1", "pass")       -- road end faces west
expect.ledger_last_turn { { player = 2, points = 3, reason = "road" } }
play("place E 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "city" } }
expect.score { 4, 3 }
