-- wind_rose.md §2, §3, WR-EX-02 [official]: the row and the column of the
-- rose's tile belong to the sections on either side.
-- Alice lays the north-east quarter (wr.Cc.1) east of the orange rose, in
-- its row (1,0): 3 points. Bob lays the north-west quarter (wr.CFc, its
-- city band turned W-E) north of it, in its column (0,-1): 3 points.
-- Players: 1 = Alice, 2 = Bob.
scenario "WR-EX-02: the rose's row and column count for both sections" {
  game = "base", with = { "wind_rose" }, players = 2,
}

play("place wr.Cc.1 1,0 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 3, reason = "wind_rose" } }
play("place wr.CFc 0,-1 r1", "pass")
expect.ledger_last_turn { { player = 2, points = 3, reason = "wind_rose" } }
expect.score { 3, 3 }
