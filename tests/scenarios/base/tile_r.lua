-- base.md §1.1 tile R (city N+E+W, no pennant), §4.1: closed by three
-- caps: 4 tiles = 8.
scenario "tile R: a city closed by three caps scores 8" {
  game = "base", players = 2, start = false,
}

setup {
  { "R", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "E", at = { 0, -1 }, rot = 2 }, { "E", at = { 1, 0 }, rot = 3 },
}

play("place E -1,0 r1", "pass")
expect.ledger_last_turn { { player = 2, points = 8, reason = "city" } }
expect.supply { player = 2, count = 7 }
