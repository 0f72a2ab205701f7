-- princess-dragon.md §2, §3, PD-EX-01: a volcano placed far from the
-- dragon: the dragon jumps straight onto it, and its placer may not deploy
-- a follower there (but may on another turn's tile). Players: 1 = Blue,
-- 2 = Red. The start tile D lies at 0,0 (city N, road W-E).
scenario "PD-EX-01: the dragon jumps onto a volcano; no follower on it" {
  game = "base", with = { "princess_dragon" }, players = 2,
}

-- Blue's monk south of the start (the fairy's move is Blue's only choice
-- on a volcano turn)
setup { { "B", at = { 0, 1 }, figure = { player = 1, on = "C" } } }

-- Blue: a straight-road volcano east of the start: no deploy is offered;
-- Blue moves the fairy instead.
play "place pd.V5 1,0 r0"
expect.moves { "action fairy 0 1 1 0", "pass" }
play "action fairy 0 1 C 0"
expect.player(2)
expect.marker { "dragon", column = 1 }
expect.marker { "dragon", row = 0 }

-- Red: a road west of the start, with a thief
play { player = 2, "place U -1,0 r1", "deploy meeple E" }

-- Blue: a second volcano, west of Red's road: the dragon leaves 1,0 for it.
-- The road ending there is open, yet no deploy is offered on the volcano.
play "place pd.V2 -2,0 r3"
expect.moves { match = "^deploy", count = 0 }
expect.marker { "dragon", column = -2 }
expect.marker { "dragon", row = 0 }
expect.player(2)
expect.stack { stack = "pd_dragon_tiles", size = 0 }
