-- bridges_castles_bazaars.md §4, §7 BCB-EX-07b: the same small city, and
-- Red passes: it scores as usual, 4.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-07b: passing scores the city" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bridges = false, bazaar = false },
}

setup { { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } } }

play("place E 0,-1 r2", "pass", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "city" } }
expect.supply { player = 1, kind = "meeple", count = 7 }
