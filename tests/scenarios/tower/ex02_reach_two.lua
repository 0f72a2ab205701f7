-- tower.md §7 TO-EX-02, §4: a tower of 2 floors reaches 2 tiles each way,
-- over an empty cell. Blue's knight on the cap of E at 0,0; B tiles at 0,1,
-- 1,1, 2,1; the cell 1,0 stays empty. Red puts the foundation to.F at 2,0
-- and a first floor: reach 1, nobody in it (the capture step is skipped).
-- Blue lays V at 1,2. Red lays V at 2,2 and a second floor at 2,0: reach 2,
-- so 0,0 across the gap: Red captures Blue's knight.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-02: two floors reach two tiles, over a gap" {
  game = "base", with = { "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "B", at = { 0, 1 } },
  { "B", at = { 1, 1 } },
  { "B", at = { 2, 1 } },
}

play("place to.F 2,0 r0", "action floor 2 0 0 0")
expect.player(2)                              -- nothing in reach: no capture step
play("place V 1,2 r0", "pass")
play "place V 2,2 r3"
play "action floor 2 0 0 0"
expect.moves { "action capture 2 0 0 1", "pass" }
play "action capture 2 0 0 1"
expect.free { at = { 0, 0 }, port = "N" }
expect.counter { player = 1, counter = "floors_used", value = 2 }
