-- princess-dragon.md §2.4, PD-EX-03: the dragon reaches a dead end after 3
-- moves (every tile next to it is visited or empty) and its movement ends;
-- the turn goes on. Players: 1 = Blue, 2 = Red.
--
--   y=-1        D1(0,-1)
--   y= 0  V1(-1,0)  B(0,0)  B(1,0)  B(2,0) Red monk
--   y= 1            B(0,1) Blue monk + fairy
scenario "PD-EX-03: a dead end stops the dragon after 3 moves" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 } },
  { "B", at = { 1, 0 } },
  { "B", at = { 2, 0 }, figure = { player = 2, on = "C" } },
  { "B", at = { 0, 1 }, figure = { player = 1, on = "C" } },
}

play("place pd.V1 -1,0 r0", "action fairy 0 1 C 0")  -- the dragon lands at -1,0; the fairy at 0,1
play { player = 2, "place pd.D1 0,-1 r0", "pass" }
expect.moves { "action dragon 0 0 2 1" }
play "action dragon 0 0 2 1"
expect.moves { "action dragon 0 -1 1 2", "action dragon 1 0 1 2" }  -- not 0,1: the fairy
play "action dragon 1 0 1 2"
play "action dragon 2 0 2 3"                           -- eats Red's monk
expect.supply { player = 2, count = 7 }
-- 2,0 has no unvisited neighbour: the movement ends, Blue's turn begins
expect.player(1)
expect.phase "place_tile"
expect.marker { "dragon", column = 2 }
