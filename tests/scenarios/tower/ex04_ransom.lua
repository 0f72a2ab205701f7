-- tower.md §7 TO-EX-04, §4.2: a player buys a prisoner back for 3 points,
-- paid to its holder, once a turn. Red captures Blue's knight (E at 0,0)
-- from to.F at 1,0. Blue completes a 3-tile road with its thief (A at 5,0,
-- U at 5,1, A at 5,2): Blue +3. Red lays B at 1,1. Blue lays B at 0,1,
-- pays 3 to Red and has the knight back, then may still deploy.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-04: a ransom of 3 points" {
  game = "base", with = { "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "A", at = { 5, 0 }, fixed = true },
  { "U", at = { 5, 1 }, figure = { player = 2, on = "N" } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0", "action capture 2 0 0 1")
play("place A 5,2 r2")
expect.moves { match = "^action ransom", count = 0 }    -- 0 points: nothing to pay with
play "pass"
expect.score { 0, 3 }
play("place B 1,1 r0", "pass")
play "place B 0,1 r0"
expect.moves { match = "^action ransom", count = 1 }
play "action ransom 1 1 0 0"
expect.score { 3, 0 }
expect.ledger_last_turn {
  { player = 2, points = -3, reason = "ransom" },
  { player = 1, points = 3, reason = "ransom" },
}
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.moves { match = "^action ransom", count = 0 }    -- once a turn
play "deploy meeple C"
expect.supply { player = 2, kind = "meeple", count = 6 }
