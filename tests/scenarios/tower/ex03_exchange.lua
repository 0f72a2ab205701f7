-- tower.md §7 TO-EX-03, §4.1: two players holding each other's followers
-- exchange them at once. Blue's knight on E at 0,0, Red's on E at 2,0.
-- Red lays to.F between them (1,0), a floor, and takes Blue's knight. Blue
-- lays B at 1,1, a second floor on the same tower and takes Red's knight:
-- each holds one of the other's: both go home.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-03: prisoners are exchanged at once" {
  game = "base", with = { "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "E", at = { 2, 0 }, fixed = true, figure = { player = 1, on = "N" } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0")
expect.moves { "action capture 2 0 0 1", "action capture 1 2 0 1", "pass" }
play "action capture 2 0 0 1"
expect.supply { player = 2, kind = "meeple", count = 6 }   -- 7 - the prisoner
play("place B 1,1 r0", "action floor 1 0 0 0", "action capture 1 2 0 1")
expect.free { at = { 2, 0 }, port = "N" }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.score { 0, 0 }
