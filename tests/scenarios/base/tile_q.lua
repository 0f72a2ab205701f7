-- base.md §1.1 tile Q (city N+E+W, pennant), §4.1: closed by three
-- caps: 4 tiles + 1 pennant = 10.
scenario "tile Q: a city closed by three caps scores 10" {
  game = "base", players = 2, start = false,
}

setup {
  { "Q", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "E", at = { 0, -1 }, rot = 2 }, { "E", at = { 1, 0 }, rot = 3 },
}

play("place E -1,0 r1", "pass")
expect.ledger_last_turn { { player = 2, points = 10, reason = "city" } }
expect.supply { player = 2, count = 7 }
