-- princess-dragon.md §2 [verify, settled: 1st edition]: dragon tiles drawn
-- before any volcano is placed are set aside and shuffled back in once a
-- volcano is out. They wait in a stack of their own, never drawn from,
-- and join the draw stack (shuffled) with the first volcano.
-- Players: 1 = Blue, 2 = Red.
scenario "dragon tiles wait for the first volcano" {
  game = "base", with = { "princess_dragon" }, players = 2,
}

expect.stack { stack = "pd_dragon_tiles", size = 12 }
expect.stack { size = 71 + 18 - 1 }             -- base 71 + 18 P&D tiles, one in hand
play("place V 1,0 r1", "pass")
expect.stack { stack = "pd_dragon_tiles", size = 12 }
play { player = 2, "place pd.V5 -1,0 r0" }
expect.stack { stack = "pd_dragon_tiles", size = 0 }
expect.stack { size = 71 + 18 - 3 + 12 }        -- two placed, one in hand for turn 3
