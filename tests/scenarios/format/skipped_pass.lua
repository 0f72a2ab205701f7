-- The scenario format: `pass` after a placement whose figure phase was
-- skipped. Player 1 has no meeple (figures = { meeple = { 0, 7 } }), so
-- after each of player 1's tiles there is nothing to deploy: the engine
-- skips the phase and the written "pass" passes nothing (base.md §2.2:
-- placing a follower is optional; with none in supply there is no
-- choice).
scenario "format: pass after a skipped figure phase" {
  game = "base", players = 2, start = false, figures = { meeple = { 0, 7 } },
}

setup { { "E", at = { 0, 0 } } }

play("place E 0,-1 r2", "pass")
expect.player(2)
expect.supply { player = 1, count = 0 }
play("place E 1,0 r1", "pass")       -- player 2 could deploy, and passes
turn("place E -1,0 r3", "pass")      -- player 1 again: turn() does the same
expect.player(2)
expect.turn(4)
