-- bridges_castles_bazaars.md §4, §7 BCB-EX-07: a castle. Red's knight on a
-- cap (E at 0,0); Red closes the 2-tile city with another cap and makes it
-- a castle: no 4 points, the knight stays (one castle used). Without the
-- castle (pass) the city scores 4 (BCB-EX-07b).
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-07: a castle instead of 4 points" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bridges = false, bazaar = false },
}

setup { { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } } }

play("place E 0,-1 r2", "pass")
expect.moves { "action castle 1 0 -1 1", "pass" }
play "action castle 1 0 -1 1"
expect.score { 0, 0 }
expect.ledger_last_turn {}
expect.supply { player = 1, kind = "meeple", count = 6 }
expect.free { at = { 0, 0 }, port = "N" }
expect.feature { at = { 0, 0 }, port = "N", kind = "city", closed = true, castle = 1 }
expect.counter { player = 1, counter = "castles_used", value = 1 }
