-- traders-builders.md §3.3 "Scoring is mandatory after each tile": the
-- second tile of a double turn completes the builder's own road, which
-- scores at once in the second part (1 per tile to the thief; the
-- builder scores nothing and does not count, §4.1); then the turn ends.
-- Road: cloister A (0,0) end - U (0,1) - U (0,2) - closing A (0,3) r2.
-- Players: 1 = You, 2 = Blue.
scenario "double turn: the second tile completes the builder's road" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 }, rot = 0 },                   -- road leaves south
  { "U", at = { 0, 1 }, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
}

play("place U 0,2 r0", "pass")         -- extends: second part
expect.part(2)
play "place A 0,3 r2"                  -- its road end faces north: closed
play "pass"
expect.score { 4, 0 }                  -- A, U, U, A
expect.ledger_last_turn { { player = 1, points = 4, reason = "road" } }
expect.supply { player = 1, kind = "builder", count = 1 }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.player(2)
expect.part(1)
