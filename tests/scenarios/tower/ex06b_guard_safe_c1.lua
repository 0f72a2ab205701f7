-- tower.md §4 [edition note], option guard_capture = false (C1): guards
-- are safe. The position of TO-EX-06: Red's floor at 2,0 reaches Blue's
-- guard at 1,0 but may not take it; nothing else is in reach, so the
-- capture step is skipped.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-06b: guard_capture=false keeps guards safe" {
  game = "base", with = { "tower" }, players = 2, start = false,
  options = { guard_capture = false },
}

setup {
  { "E", at = { 0, 0 } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0")
play("place B 1,1 r0", "action guard 1 0 0 0")
play("place to.C 2,0 r0", "action floor 2 0 0 0")
expect.player(2)
expect.supply { player = 2, kind = "meeple", count = 6 }
