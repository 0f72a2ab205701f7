-- base.md §4.1 majority: only the player(s) with the most followers
-- score; everyone else 0, and all followers on the feature go back,
-- including those that scored nothing.
-- City E(cap E) - G - E(cap W): 3 tiles = 6. P1 has 2 knights, P2 1.
scenario "majority: 2 knights beat 1, the loser's knight returns too" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, rot = 1, figures = { { player = 1, on = "E" }, { player = 1, on = "E" } } },
  { "G", at = { 1, 0 }, figure = { player = 2, on = "W" } },
}

expect.occupied { at = { 1, 0 }, port = "E", by = { 1, 1, 2 } }
play("place E 2,0 r3", "pass")
expect.score { 6, 0 }
expect.ledger_last_turn { { player = 1, points = 6, reason = "city" } }
expect.supply { player = 1, count = 7 }
expect.supply { player = 2, count = 7 }
