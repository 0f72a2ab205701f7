-- princess-dragon.md §2.4, PD-EX-02: a dragon tile in a 2-player game. The
-- dragon makes 6 moves, the placer (player 2) first, then the players in
-- turn; it never enters a tile it visited in this movement (its start
-- included) nor the fairy's tile; it eats the knight and the farmer on
-- its path. Players: 1 = Blue, 2 = Red.
--
--   y=-1        B(2,-1)  B(3,-1)  B(4,-1) Blue farmer
--   y= 0  D1  B  B(1,0)  E(2,0) Red knight (city faces south)  B(3,0) Blue monk + fairy
--   y= 1     V1(0,1) volcano
--        x=-1 x=0
scenario "PD-EX-02: the dragon moves 6 tiles and eats a knight and a farmer" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 } },
  { "B", at = { 1, 0 } },
  { "E", at = { 2, 0 }, rot = 2, figure = { player = 2, on = "S" } },
  { "B", at = { 3, 0 }, figure = { player = 1, on = "C" } },
  { "B", at = { 2, -1 } },
  { "B", at = { 3, -1 } },
  { "B", at = { 4, -1 }, figure = { player = 1, on = "N" } },
}

-- Turn 1, Blue: a volcano; no follower on it (§3), so Blue moves the fairy
-- next to the monk at 3,0 instead.
play "place pd.V1 0,1 r0"
expect.moves { match = "^deploy", count = 0 }
expect.legal "action fairy 4 -1 N 0"
play "action fairy 3 0 C 0"
expect.marker { "dragon", column = 0 }
expect.marker { "dragon", row = 1 }

-- Turn 2, Red: a dragon tile west of 0,0; Red deploys nothing; the dragon
-- moves: Red, Blue, Red, Blue, Red, Blue (the last argument is the step).
play { player = 2, "place pd.D1 -1,0 r0", "pass" }
expect.phase "dragon"
expect.moves { "action dragon 0 0 2 1" }            -- the only tile next to the volcano
play "action dragon 0 0 2 1"
expect.moves { "action dragon -1 0 1 2", "action dragon 1 0 1 2" }
play "action dragon 1 0 1 2"
expect.moves { "action dragon 2 0 2 3" }            -- 0,0 was visited
play "action dragon 2 0 2 3"                         -- eats Red's knight
expect.free { at = { 2, 0 }, port = "S" }
expect.supply { player = 2, count = 7 }
expect.moves { "action dragon 2 -1 1 4" }           -- 3,0 is the fairy's
play "action dragon 2 -1 1 4"
play "action dragon 3 -1 2 5"
expect.occupied { at = { 4, -1 }, port = "N", by = { 1 } }  -- same field, not eaten yet
expect.moves { "action dragon 4 -1 1 6" }
play "action dragon 4 -1 1 6"                        -- eats Blue's farmer
expect.free { at = { 4, -1 }, port = "N" }
expect.occupied { at = { 3, 0 }, port = "C", by = { 1 } }  -- the fairy's monk
expect.supply { player = 1, count = 6 }
expect.marker { "dragon", column = 4 }
expect.marker { "dragon", row = -1 }
-- the movement is over; turn 3 begins: the fairy stands next to Blue's
-- monk, so Blue scores 1 (§4)
expect.player(1)
expect.score { 1, 0 }
expect.points { player = 1, reason = "fairy", points = 1 }
