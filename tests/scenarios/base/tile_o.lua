-- base.md §1.1 tile O (city N+W, pennant, road curve E-S), §4.1: the
-- road A - O - A = 3; the city with two caps: 3 tiles + 1 pennant = 8.
scenario "tile O: its road (3) and its city (8) score once each" {
  game = "base", players = 2, start = false,
}

setup {
  { "O", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "E" } } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "A", at = { 1, 0 }, rot = 1 },     -- road end faces west
}

play("place A 0,1 r2", "pass")       -- road end faces north
expect.ledger_last_turn { { player = 2, points = 3, reason = "road" } }
play("place E -1,0 r1", "pass")
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" } }
expect.score { 8, 3 }
