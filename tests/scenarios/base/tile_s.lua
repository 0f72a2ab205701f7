-- base.md §1.1 tile S (city N+E+W, pennant, a road S ending at the
-- city), §4.1: the road S - A, ends at the city and at a cloister:
-- 2; the city closed by three caps: 4 tiles + 1 pennant = 10.
scenario "tile S: its road (2) and its city (10) score once each" {
  game = "base", players = 2, start = false,
}

setup {
  { "S", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "S" } } },
  { "E", at = { 0, -1 }, rot = 2 }, { "E", at = { 1, 0 }, rot = 3 },
}

play("place A 0,1 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 2, reason = "road" } }
play("place E -1,0 r1", "pass")
expect.ledger_last_turn { { player = 1, points = 10, reason = "city" } }
expect.score { 10, 2 }
