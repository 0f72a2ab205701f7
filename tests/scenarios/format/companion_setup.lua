-- docs/scenarios.md: a companion in setup, turn-begin points, a figure's
-- own spot. princess-dragon.md §2.3, §4: the fairy stands next to a
-- follower; its owner scores 1 at the start of each of their turns.
-- The setup stands the fairy (a neutral kind: no player) next to Blue's
-- thief; Blue's first turn begins with the fairy's point, which
-- expect.ledger_turn_begin names before any move. 1st edition: the
-- dragon tiles wait aside until the first volcano.
-- Players: 1 = Blue, 2 = Red.
scenario "a fairy in setup pays at its owner's turn start" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, rot = 1, figures = {
      { player = 1, on = "E" },
      { kind = "fairy", on = "E" } } },
}

expect.figure { at = { 0, 0 }, spot = "E", kind = "fairy" }
expect.figure { at = { 0, 0 }, spot = "W", kind = "meeple", player = 1 }  -- any port of the segment
expect.figure { at = { 0, 0 }, spot = "N", count = 0 }                    -- the field: nobody
expect.set_aside { "pd.D1", "pd.D11" }
expect.player(1)
expect.ledger_turn_begin { { player = 1, points = 1, reason = "fairy" } }
expect.score { 1, 0 }
play("place B 0,-1 r0", "pass")
expect.ledger_turn_begin {}                                             -- Red's turn: nothing
play { player = 2, "place B 0,1 r0", "pass" }
expect.ledger_turn_begin { { player = 1, points = 1, reason = "fairy" } }
expect.score { 2, 0 }
