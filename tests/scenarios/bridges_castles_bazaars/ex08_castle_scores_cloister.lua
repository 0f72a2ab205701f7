-- bridges_castles_bazaars.md §4.2, §7 BCB-EX-08: a castle scores a
-- cloister. Red makes a castle of 0,0 and 0,-1 (turn 1). Blue's monk on
-- the cloister at 1,0, beside the castle, lacks only 2,1; Blue lays it:
-- Blue +9 for the cloister, and Red's castle +9 (the same points); Red's
-- knight comes home.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-08: a castle scores a cloister" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bridges = false, bazaar = false },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "B", at = { 1, 0 }, figure = { player = 2, on = "C" } },
  { "B", at = { 0, 1 } },
  { "B", at = { 1, 1 } },
  { "B", at = { 2, 0 } },
  { "B", at = { 1, -1 } },
  { "B", at = { 2, -1 } },
}

play("place E 0,-1 r2", "pass", "action castle 1 0 -1 1")
expect.score { 0, 0 }
play("place B 2,1 r0", "pass")
expect.ledger_last_turn {
  { player = 2, points = 9, reason = "cloister" },
  { player = 1, points = 9, reason = "castle" },
}
expect.score { 9, 9 }
expect.supply { player = 1, kind = "meeple", count = 7 }
