-- bridges_castles_bazaars.md §5 (option bazaar), §7 BCB-EX-13b: with
-- bazaar = false a bazaar tile is a plain tile: no auction, Blue draws.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-13b: bazaar = false" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2,
  options = { bridges = false, bazaar = false },
}

draws { "bb.F.b", "E", "U" }
play("place bb.F.b 0,1 r0", "pass")
expect.player(2)
expect.tile "E"
