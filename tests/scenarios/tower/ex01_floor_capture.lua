-- tower.md §7 TO-EX-01, §3.1, §4: a floor instead of a follower, then one
-- capture in reach. Blue's knight on the cap of E at 0,0. Red places the
-- foundation tile to.F east of it (1,0) and a floor on it: height 1 reaches
-- its own tile and one tile each way, so 0,0: Red takes Blue's knight
-- prisoner. Red has 9 floors left (10 for 2 players).
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-01: a floor captures a knight next to it" {
  game = "base", with = { "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "E", at = { 3, 0 }, fixed = true, figure = { player = 2, on = "N" } },
}

play "place to.F 1,0 r0"
expect.legal "action floor 1 0 0 0"
expect.illegal "action guard 1 0 0 0"            -- no floor yet: no tower to guard
play "action floor 1 0 0 0"
expect.phase "tower_capture"
expect.moves { "action capture 2 0 0 1", "pass" }   -- 3,0 is out of reach
play "action capture 2 0 0 1"
expect.free { at = { 0, 0 }, port = "N" }
expect.supply { player = 2, kind = "meeple", count = 5 }
expect.counter { player = 1, counter = "floors_used", value = 1 }
expect.player(2)
