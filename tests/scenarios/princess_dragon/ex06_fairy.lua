-- princess-dragon.md §2.3, §4, PD-EX-06: the fairy stands by Blue's
-- thief. At Blue's next turn start Blue scores 1; when the road is
-- completed Blue scores the road (3 tiles: 3) plus 3 for the fairy.
-- Players: 1 = Blue, 2 = Red.
--
--   y=-1           B(0,-1)
--   y= 0  A(-1,0)  U(0,0) Blue thief  A(1,0) completes it
--   y= 1           V1(0,1) volcano
scenario "PD-EX-06: the fairy pays 1 a turn and 3 when the road is scored" {
  game = "base", with = { "princess_dragon" }, players = 2, start = false,
}

setup {
  { "A", at = { -1, 0 }, rot = 3 },
  { "U", at = { 0, 0 }, rot = 1, figure = { player = 1, on = "E" } },
}

-- a volcano: no deploy there; Blue moves the fairy next to the thief
play("place pd.V1 0,1 r0", "action fairy 0 0 E 0")
expect.score { 0, 0 }                                  -- nothing before Blue's next turn
play { player = 2, "place B 0,-1 r0", "pass" }
expect.score { 1, 0 }                                  -- Blue's turn 3 began
expect.points { player = 1, reason = "fairy", points = 1 }
play("place A 1,0 r1", "pass")
expect.ledger_last_turn {
  { player = 1, points = 1, reason = "fairy" },
  { player = 1, points = 3, reason = "road" },
  { player = 1, points = 3, reason = "fairy" },
}
expect.score { 7, 0 }
