-- hills_sheep.md §7 HS-EX-06c, §4 (option hill_tiebreak = one, the
-- default): the city of HS-EX-06c, tied 2-2; both have a knight on a hill,
-- so both win, as in a plain tie: 12 each.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-06d: hill_tiebreak = one: any follower on a hill" {
  game = "base", with = { "hills_sheep" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, fixed = true },
  { "B", at = { 2, 0 }, fixed = true },
  { "E", at = { 1, 2 }, fixed = true, figure = { player = 2, on = "N" } },
}

play("place hs.CFR.h 1,0 r2", "deploy meeple S")
play("place hs.RrC.h 2,1 r3", "deploy meeple W")
play("place hs.CRr.h 0,1 r1", "deploy meeple E")
play("place C 1,1 r0", "pass")
expect.closed { at = { 1, 1 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 12, reason = "city" }, { player = 2, points = 12, reason = "city" } }
