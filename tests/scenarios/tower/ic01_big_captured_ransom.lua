-- tower.md §5 (with inns_cathedrals.md §3.1): a tower captures the large
-- meeple like any follower, and its ransom is 3 points, not doubled [FAQ].
-- Blue's large meeple on the cap of E at 0,0; Red takes it from to.F at
-- 1,0. Blue completes a 3-tile road (+3), Red lays B at 1,1, and Blue buys
-- the large meeple back for 3 (ransom kind 2 = big).
-- Players: 1 = Red, 2 = Blue.
scenario "TO-IC-01: the large meeple is captured; its ransom is 3" {
  game = "base", with = { "inns_cathedrals", "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, kind = "big", on = "N" } },
  { "A", at = { 5, 0 }, fixed = true },
  { "U", at = { 5, 1 }, figure = { player = 2, on = "N" } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0", "action capture 2 0 0 1")
expect.supply { player = 2, kind = "big", count = 0 }
play("place A 5,2 r2", "pass")
play("place B 1,1 r0", "pass")
play "place B 0,1 r0"
play "action ransom 1 2 0 0"
expect.score { 3, 0 }
expect.supply { player = 2, kind = "big", count = 1 }
