-- bridges_castles_bazaars.md §1, §7 BCB-EX-04: with 5 players each has 2
-- bridges: Red, with 2 used, is offered none.
-- Players: 1 = Red.
scenario "BCB-EX-04b: 2 bridges each with 5 players" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 5, start = false,
  options = { bazaar = false },
}

setup {
  { "U", at = { 0, 0 } },
  { counter = "bridges_used", player = 1, value = 2 },
}

draws { "B" }
expect.phase "place_tile"
expect.moves { match = "%-b", count = 0 }
