-- bridges_castles_bazaars.md §4.1, §7 BCB-EX-10: outside the
-- neighbourhood. Red's castle stands north-south on 0,-1 and 0,0; its
-- neighbourhood is those two and the two on each long side (x -1..1). A
-- road between two cloisters at 0,1 and 0,2, below the castle's short
-- end, is completed by Blue with a thief: Blue +2, the castle nothing,
-- Red's knight stays.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-10: a feature outside the neighbourhood" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bridges = false, bazaar = false },
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "A", at = { 0, 1 }, rot = 0 },
}

play("place E 0,-1 r2", "pass", "action castle 1 0 -1 1")
play("place A 0,2 r2", "deploy meeple N")
expect.ledger_last_turn { { player = 2, points = 2, reason = "road" } }
expect.supply { player = 1, kind = "meeple", count = 6 }
