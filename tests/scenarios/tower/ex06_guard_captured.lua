-- tower.md §7 TO-EX-06, §4 (C2): a floor on another tower may capture the
-- guard of a tower in reach. Blue's guard on the tower at 1,0 (TO-EX-05's
-- first two turns); Red lays to.C at 2,0 (its cap north), a floor on it,
-- and takes Blue's guard.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-06: a guard can be captured (C2)" {
  game = "base", with = { "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0")
play("place B 1,1 r0", "action guard 1 0 0 0")
play("place to.C 2,0 r0", "action floor 2 0 0 0")
expect.moves { "action capture 2 1 0 0", "pass" }
play "action capture 2 1 0 0"
expect.supply { player = 2, kind = "meeple", count = 6 }
