-- base.md §1.1 tile T (city N+E+W, no pennant, a road S ending at the
-- city), §4.1: the road T - A, ends at the city and at a cloister:
-- 2; the city closed by three caps: 4 tiles = 8.
scenario "tile T: its road (2) and its city (8) score once each" {
  game = "base", players = 2, start = false,
}

setup {
  { "T", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "S" } } },
  { "E", at = { 0, -1 }, rot = 2 }, { "E", at = { 1, 0 }, rot = 3 },
}

play("place A 0,1 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 2, reason = "road" } }
play("place E -1,0 r1", "pass")
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" } }
expect.score { 8, 2 }
