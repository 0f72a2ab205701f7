-- base.md §1.1 tile C (city on all four sides, pennant), §4.1: closed by
-- four E caps: 5 tiles + 1 pennant = 2*5 + 2 = 12.
scenario "tile C: a city closed by four caps scores 12" {
  game = "base", players = 2, start = false,
}

setup {
  { "C", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "E", at = { 0, -1 }, rot = 2 }, { "E", at = { 1, 0 }, rot = 3 }, { "E", at = { 0, 1 }, rot = 0 },
}

play("place E -1,0 r1", "pass")
expect.ledger_last_turn { { player = 2, points = 12, reason = "city" } }
