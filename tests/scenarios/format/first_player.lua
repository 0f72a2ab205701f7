-- `first_player`: the second player takes the first turn. BASE-EX-02's
-- road, closed and claimed by player 2, who moves first here.
scenario "first_player = 2: player 2 takes the first turn" {
  game = "base", players = 2, start = false, first_player = 2,
}

setup {
  { "L", at = { 0, 0 }, rot = 0 },   -- city N; roads E, S, W end at the junction
  { "U", at = { 1, 0 }, rot = 1 },   -- road W-E
}

expect.player(2)
play "place W 2,0 r0"                -- its W road meets the U: road closed
play "deploy meeple W"
expect.score { 0, 3 }
expect.ledger_last_turn { { player = 2, points = 3, reason = "road" } }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.player(1)
