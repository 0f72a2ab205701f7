-- hills_sheep.md §7 HS-EX-06c, §4 (option hill_tiebreak = count): four caps
-- round the cell 1,1, each with a knight: Alice's two on hill tiles (1,0
-- and 0,1), Bob's one on a hill tile (2,1) and one not (1,2). C at 1,1
-- joins them: a city of 5 tiles and a pennant, 12 points, tied 2-2. With
-- count, Alice's two on hills beat Bob's one: Alice 12, Bob nothing.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-06c: hill_tiebreak = count: the most followers on hills" {
  game = "base", with = { "hills_sheep" }, players = 2, start = false,
  options = { hill_tiebreak = "count" },
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
expect.ledger_last_turn { { player = 1, points = 12, reason = "city" } }
