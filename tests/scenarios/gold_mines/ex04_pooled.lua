-- gold_mines.md §6 GM-EX-04 [constructed]: two features completed by one
-- tile share their bars out together, one at a time from the active
-- player (§3), not feature by feature.
-- Alice's knight on the cap E at 0,1, Bob's thief on the junction W at
-- -1,0. Alice's gm.CRcr at 0,0 (city N-S, road W-E): a bar on it, her
-- second on V at 1,0 (the road). Bob's gm.LRr at -1,1: a bar on it (on no
-- feature that closes here), his second on 0,0: 0,0 holds 2. Alice's L at
-- 1,-1 closes the 4-tile city (8 to Alice) and the 4-tile road (4 to Bob)
-- at once. Claimed: 0,0 (2 bars, both), 1,0 (1 bar, Bob). Alice takes one
-- from 0,0, Bob the other, Alice has nothing left to claim, Bob takes 1,0:
-- Alice 1, Bob 2 (city first alone would give Alice both of 0,0; road
-- first, Bob all 3). At the end 1 and 2 points.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-EX-04: two features at once share their bars together" {
  game = "base", with = { "gold_mines" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 1 }, rot = 0, figure = { player = 1, on = "N" } },
  { "N", at = { 0, -1 }, rot = 2, fixed = true },
  { "W", at = { -1, 0 }, rot = 0, fixed = true, figure = { player = 2, on = "E" } },
  { "V", at = { 1, 0 }, rot = 1, fixed = true },
}
stack { "gm.CRcr", "gm.LRr", "L" }
play("place gm.CRcr 0,0 r1", "action gold 1 0 0 0", "pass")
play("place gm.LRr -1,1 r2", "action gold 0 0 0 0", "pass")
play("place L 1,-1 r3", "pass")
expect.counter { player = 1, counter = "gold", value = 1 }
expect.counter { player = 2, counter = "gold", value = 2 }
expect.over()
expect.final { 9, 6 }
