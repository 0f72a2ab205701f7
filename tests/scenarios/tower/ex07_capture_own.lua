-- tower.md §7 TO-EX-07, §4: capturing your own follower sends it home. Red's
-- knight on E at 0,0; Red lays to.F at 1,0, a floor, and takes its own
-- knight: back in Red's supply, no prisoner.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-07: capturing your own follower" {
  game = "base", with = { "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, on = "N" } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0", "action capture 1 0 0 1")
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.free { at = { 0, 0 }, port = "N" }
