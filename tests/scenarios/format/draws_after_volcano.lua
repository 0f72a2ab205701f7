-- docs/scenarios.md, draws: a draw is decided after the turn's own stack
-- changes. princess-dragon.md §1 (1st edition): the dragon tiles wait
-- aside until the first volcano, then go into the stack. After Blue's
-- volcano turn (no follower on the board: no fairy step, the turn waits
-- for nothing), a `draws` names a land tile, then a dragon tile that is
-- in the stack only since that turn: each is the tile in hand.
-- Players: 1 = Blue, 2 = Red.
scenario "draws after a volcano turn apply after the turn's own stack changes" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 } },
}

play "place pd.V1 1,0 r0"          -- Blue: the dragon tiles join the stack
expect.player(2)
draws { "E" }                      -- not lost under the dragon tiles
expect.tile "E"
draws { "pd.D1" }                  -- in the stack since the volcano
expect.tile "pd.D1"
play { player = 2, "place pd.D1 0,-1 r0", "pass" }
expect.phase "dragon"
