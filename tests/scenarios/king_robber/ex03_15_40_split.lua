-- king_robber.md §5, KR-EX-03 [JCZ]: option king_robber_scoring=15/40:
-- each award is worth 15 at the end; 40 only for one player holding both
-- (KR-JCZ-3). Alice completes a city (king), Bob a road (robber): 15 each.
-- Players: 1 = Alice, 2 = Bob.
scenario "KR-EX-03: 15/40 with the awards split: 15 each" {
  game = "base", with = { "king_robber" }, players = 2, start = false,
  options = { king_robber_scoring = "15/40" },
}

setup {
  { "E", at = { 0, 0 } },
  { "W", at = { 5, 0 }, rot = 0, fixed = true },
}
stack { "E", "W" }

play("place E 0,-1 r2", "pass")
play("place W 5,1 r2", "pass")
expect.over()
expect.final { 15, 15 }
expect.ledger_final { { player = 1, points = 15, reason = "king" },
                      { player = 2, points = 15, reason = "robber" } }
