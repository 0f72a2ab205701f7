-- king_robber.md §6 (Traders & Builders), KR-TB-01 [inferred]: the
-- builder's second tile is part of the same turn: a city it completes
-- gives the king to the active player like any other.
-- Alice's knight and builder on the cap at 0,0; her G (a city band, turned
-- N-S) extends it: a second tile; her E closes the 3-tile city: 6 points
-- and the king.
-- Players: 1 = Alice, 2 = Bob.
scenario "KR-TB-01: the builder's second tile completes a city: king" {
  game = "base", with = { "traders_builders", "king_robber" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
}

play("place G 0,-1 r1", "pass")                    -- extends: second part
expect.part(2)
expect.counter { player = 1, counter = "king", value = 0 }
play("place E 0,-2 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 6, reason = "city" } }
expect.counter { player = 1, counter = "king", value = 1 }
expect.player(2)
