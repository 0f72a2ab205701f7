-- bridges_castles_bazaars.md §4.2, §7 BCB-EX-11: a castle at the end.
-- Red's castle never scored: 0, its knight stays. Blue's farmer's field
-- touches it: a castle is a completed city worth 4 to farmers.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-11: a castle at the end; 4 for the farmer" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bridges = false, bazaar = false },
}

setup {
  { "E", at = { 0, 0 }, figures = { { player = 1, on = "N" }, { player = 2, on = "S" } } },
}

play("place E 0,-1 r2", "pass", "action castle 1 0 -1 1")
final()
expect.final { 0, 4 }
expect.ledger_final { { player = 2, points = 4, reason = "field" } }
