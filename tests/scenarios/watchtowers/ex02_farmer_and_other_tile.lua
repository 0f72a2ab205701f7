-- watchtowers.md §3, §5 WT-EX-02: only a follower on the feature's
-- segment of the tower tile scores the tower. Bob's knight is in the
-- city of the city tower (wt.CFRF_1C at 0,0) but on F at 0,-1, Alice's
-- farmer on the tower tile's field: Alice's E at 0,-2 closes the city (3
-- tiles, a coat of arms: 8 to Bob) and nobody scores the tower.
-- Players: 1 = Alice, 2 = Bob.
scenario "WT-EX-02: a knight off the tower tile and a farmer on it score no tower" {
  game = "base", with = { "watchtowers" }, players = 2, start = false,
}

setup {
  { "wt.CFRF_1C", at = { 0, 0 }, figure = { player = 1, on = "E" } },
  { "F", at = { 0, -1 }, rot = 1, figure = { player = 2, on = "S" } },
}

play("place E 0,-2 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 8, reason = "city" } }
expect.score { 0, 8 }
