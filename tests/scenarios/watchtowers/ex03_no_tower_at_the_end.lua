-- watchtowers.md §3, §5 WT-EX-03: watchtowers score nothing at the end.
-- Alice's knight on the road of the meeple tower (wt.CFRF_2M at 0,0, Bob's
-- monk beside it on the cloister B at 1,0); the road
-- is still open when the game ends: 1 point for its tile, no tower (the
-- monk: 2, its cloister and the tower tile).
-- Players: 1 = Alice, 2 = Bob.
scenario "WT-EX-03: an open road with a knight on the tower scores no tower at the end" {
  game = "base", with = { "watchtowers" }, players = 2, start = false,
}

setup {
  { "wt.CFRF_2M", at = { 0, 0 }, figure = { player = 1, on = "S" } },
  { "B", at = { 1, 0 }, figure = { player = 2, on = "C" } },
}

stack { "B" }
play("place B -1,0 r0", "pass")
expect.over()
expect.ledger_final { { player = 1, points = 1, reason = "road" },
                      { player = 2, points = 2, reason = "cloister" } }
expect.final { 1, 2 }
