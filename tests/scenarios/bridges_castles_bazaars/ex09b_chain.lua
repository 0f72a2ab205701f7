-- bridges_castles_bazaars.md §4.2 (a castle that scores triggers the
-- castles near it [JCZ]), §7 BCB-EX-09b. Red's castle A stands north-south
-- on 0,-1 / 0,0 (turn 1); Blue's castle B west-east on 0,1 / 1,1 (turn 2),
-- south of A: B's neighbourhood (rows 0..2) holds A's tile 0,0, A's (rows
-- -1..0) holds none of B's, so making B does not trigger A. Red then
-- completes a 2-tile road between two cloisters at -1,-1 and -1,0, beside
-- A only: nobody's, 2 points: A pays Red 2, and A's scoring is a feature
-- completed in B's neighbourhood: B pays Blue 2. Both knights come home.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-09b: one castle triggers the next" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bridges = false, bazaar = false },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 0, 1 }, rot = 1, figure = { player = 2, on = "E" } },
  { "A", at = { -1, -1 }, rot = 0, fixed = true },
}

play("place E 0,-1 r2", "pass", "action castle 1 0 -1 1")
play("place E 1,1 r3", "pass", "action castle 2 0 1 1")
expect.score { 0, 0 }
expect.ledger_last_turn {}
play("place A -1,0 r2", "pass")
expect.ledger_last_turn {
  { player = 1, points = 2, reason = "castle" },
  { player = 2, points = 2, reason = "castle" },
}
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.supply { player = 2, kind = "meeple", count = 7 }
