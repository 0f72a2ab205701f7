-- hills_sheep.md §7 HS-EX-06, §4: Alice and Bob tie on a city (one knight
-- each); Alice's stands on the hill tile at 0,-1: she scores 8, Bob
-- nothing.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-06: the hill breaks a tie" {
  game = "base", with = { "hills_sheep" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, fixed = true },
  { "E", at = { 2, -1 }, rot = 3, fixed = true, figure = { player = 2, on = "W" } },
}

play("place hs.Cc.h.1 0,-1 r2", "deploy meeple E")
play("place G 1,-1 r0", "pass")
expect.closed { at = { 0, -1 }, port = "E" }
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" } }
expect.score { 8, 0 }
