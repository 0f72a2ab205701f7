-- bridges_castles_bazaars.md §1, §7 BCB-EX-04: 3 bridges each with 2-4
-- players. Red has used 3: no bridged placement is offered and the draw
-- phase, with nothing to choose, does not wait. Blue, with 2 used, still
-- has one.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-04: bridges run out (3 each)" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bazaar = false },
}

setup {
  { "U", at = { 0, 0 } },
  { counter = "bridges_used", player = 1, value = 3 },
  { counter = "bridges_used", player = 2, value = 2 },
}

draws { "B", "B" }
expect.phase "place_tile"
expect.moves { match = "%-b", count = 0 }
play("place B 1,0 r0", "pass")
expect.phase "draw"
play "place B-bns 0,1 r0"
expect.counter { player = 2, counter = "bridges_used", value = 3 }
