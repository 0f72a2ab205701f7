-- wind_rose.md §3, WR-EX-01 [constructed]: a quarter rose placed outside
-- the section it names scores nothing.
-- Alice lays the north-east quarter (wr.Cc.1) at -1,1, south-west of the
-- orange rose at 0,0: no points.
-- Players: 1 = Alice, 2 = Bob.
scenario "WR-EX-01: a quarter rose in another section: nothing" {
  game = "base", with = { "wind_rose" }, players = 2,
}

setup { { "B", at = { 0, 1 }, fixed = true } }
play("place wr.Cc.1 -1,1 r0", "pass")
expect.ledger_last_turn {}
expect.score { 0, 0 }
