-- abbot.md §4, worked example 2: instead of deploying, Alice takes her
-- abbot back from the cloister at 1,1 (itself, 0,0, 1,0 and 0,1 around it:
-- 4 points, as at the end of the game); the next turn it may go out again.
-- The return is offered only in the place-figure phase, and only with an
-- abbot on the board.
-- Players: 1 = Alice, 2 = Bob.
scenario "ABBOT-EX-02: the abbot comes back early and scores" {
  game = "base", players = 2, options = { abbot = true },
}

play("place U 1,0 r1", "pass")
play("place V 0,1 r0", "pass")
play("place B 1,1 r0", "deploy abbot C")
play "place E 0,-1 r2"
expect.moves { match = "^action abbot", count = 0 }  -- Bob has no abbot out
play "pass"
play "place U -1,0 r1"
expect.legal "action abbot 1 1 1 0"
play "action abbot 1 1 1 0"
expect.ledger_last_turn { { player = 1, points = 4, reason = "cloister" } }
expect.free { at = { 1, 1 }, port = "C" }
expect.supply { player = 1, kind = "abbot", count = 1 }
expect.player(2)
