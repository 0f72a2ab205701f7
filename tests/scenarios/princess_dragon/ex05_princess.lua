-- princess-dragon.md §2.3, PD-EX-05: a princess tile joins a city holding
-- 2 knights of Red; Blue sends one home instead of deploying, and places
-- no follower on the tile. Players: 1 = Blue, 2 = Red.
--
--   y=-1  P5(0,-1) city S-E (princess)   D8(1,-1) city W-E, Red knight
--   y= 0  E(0,0) cap N, Red knight
scenario "PD-EX-05: the princess removes a knight" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "pd.D8", at = { 1, -1 }, fixed = true, figure = { player = 2, on = "W" } },
}

play "place pd.P5 0,-1 r2"
expect.moves { "action princess 0 0 1 0", "action princess 1 -1 1 0", "deploy meeple N", "pass" }
play "action princess 0 0 N 0"
expect.free { at = { 0, 0 }, port = "S" }              -- E's field
expect.occupied { at = { 0, -1 }, port = "S", by = { 2 } }
expect.supply { player = 2, count = 6 }
expect.supply { player = 1, count = 7 }
expect.player(2)
