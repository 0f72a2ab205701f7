-- bridges_castles_bazaars.md §6, §7 BCB-AM-01: a mayor makes no castle.
-- Red's mayor in a cap (no pennant: strength 0); Red closes the 2-tile
-- city: no castle is offered, and the city pays nobody (a mayor without
-- pennants holds no majority, A&M).
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-AM-01: a mayor in a small city makes no castle" {
  game = "base", with = { "abbey_mayor", "bridges_castles_bazaars" }, players = 2,
  start = false, options = { bridges = false, bazaar = false },
}

setup { { "E", at = { 0, 0 }, figure = { player = 1, kind = "mayor", on = "N" } } }

play "place E 0,-1 r2"
expect.moves { match = "^action castle", count = 0 }
play "pass"
expect.score { 0, 0 }
