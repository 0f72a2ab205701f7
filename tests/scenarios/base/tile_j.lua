-- base.md §1.1 tile J (cap N, road curve E-S), §4.1: the road between two
-- A cloisters, A - J - A: 3; the cap closed by an E: 4.
scenario "tile J: its road (3) and its city (4) score once each" {
  game = "base", players = 2, start = false,
}

setup {
  { "J", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "E" } } },
  { "A", at = { 1, 0 }, rot = 1 },     -- road end faces west
}

play("place A 0,1 r2", "pass")       -- road end faces north
expect.ledger_last_turn { { player = 2, points = 3, reason = "road" } }
play("place E 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "city" } }
expect.score { 4, 3 }
