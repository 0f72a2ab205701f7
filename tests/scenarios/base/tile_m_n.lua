-- base.md §1.1 tiles M (city N+W, pennant) and N (same, no pennant),
-- §4.1: each closed by two caps: M 3 tiles + 1 pennant = 8, N 3 tiles = 6.
-- M at 0,0 (city N+W); N at 1,0 turned half a turn (city S+E), its
-- west field beside the M's east field.
scenario "tiles M and N: 3-tile cities with and without a pennant" {
  game = "base", players = 2, start = false,
}

setup {
  { "M", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "N", at = { 1, 0 }, rot = 2, figure = { player = 2, on = "S" } },   -- city S+E
  { "E", at = { 1, 1 }, rot = 0 },
}

play("place E -1,0 r1", "pass")      -- closes the M's west side
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" } }
play("place E 2,0 r3", "pass")       -- closes the N's east side
expect.ledger_last_turn { { player = 2, points = 6, reason = "city" } }
expect.score { 8, 6 }
