-- watchtowers.md §3, §5 WT-EX-01: the coat-of-arms tower. Alice's knight
-- on the road of wt.CCRF_2T at 0,0 (two caps N and E, the road S ends at
-- the tower); the tiles with a coat of arms in its 3x3 square: M at 0,-1
-- and F at 1,0, one each. Her A at 0,1 closes the road (2 tiles): the
-- tower first, 2 x 2 = 4, then the road's 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "WT-EX-01: the coat-of-arms tower counts the coats of arms around it" {
  game = "base", with = { "watchtowers" }, players = 2, start = false,
}

setup {
  { "wt.CCRF_2T", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "F", at = { 1, 0 } },
  { "M", at = { 0, -1 }, rot = 2 },
}

play("place A 0,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 4, reason = "watchtower" },
                          { player = 1, points = 2, reason = "road" } }
expect.score { 6, 0 }
