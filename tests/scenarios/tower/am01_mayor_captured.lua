-- tower.md §5 (with abbey-mayor.md §3.2, §3.4) [FAQ]: a tower captures a
-- mayor (a follower). Blue's mayor on the cap of E at 0,0; Red takes it
-- from to.F at 1,0.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-AM-01: the mayor is captured" {
  game = "base", with = { "abbey_mayor", "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, kind = "mayor", on = "N" } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0")
expect.moves { "action capture 2 0 0 1", "pass" }
play "action capture 2 0 0 1"
expect.supply { player = 2, kind = "mayor", count = 0 }
expect.free { at = { 0, 0 }, port = "N" }
