-- wind_rose.md §4, WR-EX-03 [official]: the blue rose takes over from the
-- orange one for the rest of the game, and its north is where it points.
-- Alice lays the blue rose (wr.Rr) at 1,1 turned a quarter clockwise (r1):
-- no points; its "north" now points east, so the section a quarter rose
-- names turns a quarter too: north-east is now south-east of 1,1.
-- Bob lays the north-east quarter (wr.Cc.1) at 2,2, south-east of the blue
-- rose: 3 points (against the orange rose, or with the blue rose unturned,
-- 2,2 is no north-east). Alice lays the south-west quarter (wr.RrC) at
-- 0,1: its south-west, turned, is the north-west of the blue rose, whose
-- row 0,1 shares: 3 points (measured from the orange rose at 0,0, 0,1
-- would be no north-west).
-- Players: 1 = Alice, 2 = Bob.
scenario "WR-EX-03: the blue rose takes over, turned as it lies" {
  game = "base", with = { "wind_rose" }, players = 2,
}

setup {
  { "B", at = { 2, 1 }, fixed = true },
}
play("place wr.Rr 1,1 r1", "pass")
expect.ledger_last_turn {}
play("place wr.Cc.1 2,2 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 3, reason = "wind_rose" } }
play("place wr.RrC 0,1 r3", "pass")
expect.ledger_last_turn { { player = 1, points = 3, reason = "wind_rose" } }
expect.score { 3, 3 }
