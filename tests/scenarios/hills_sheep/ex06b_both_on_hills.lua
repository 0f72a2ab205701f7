-- hills_sheep.md §7 HS-EX-06b, §4: tied, both knights on hill tiles: both
-- win, as in a plain tie (8 each).
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-06b: both on hills share" {
  game = "base", with = { "hills_sheep" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, fixed = true },
  { "U", at = { 1, 0 }, rot = 1, fixed = true },
  { "U", at = { 2, 0 }, rot = 1, fixed = true },
}

play("place hs.Cc.h.1 0,-1 r2", "deploy meeple E")
play("place hs.CFC.h 2,-1 r1", "deploy meeple W")
play("place G 1,-1 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" }, { player = 2, points = 8, reason = "city" } }
