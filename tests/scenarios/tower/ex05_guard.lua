-- tower.md §7 TO-EX-05, §3.2: a meeple on an open tower closes it: no
-- floor and no other guard may go there. Red lays to.F at 1,0 next to E at
-- 0,0 and a floor (nobody in reach). Blue lays B at 1,1 and puts a meeple
-- on the tower. Red lays B at 0,1: the tower at 1,0 takes nothing more.
-- Players: 1 = Red, 2 = Blue.
scenario "TO-EX-05: a guard closes the tower" {
  game = "base", with = { "tower" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },
}

play("place to.F 1,0 r0", "action floor 1 0 0 0")
play "place B 1,1 r0"
expect.legal "action guard 1 0 0 0"
play "action guard 1 0 0 0"
expect.supply { player = 2, kind = "meeple", count = 6 }
play "place B 0,1 r0"
expect.illegal "action floor 1 0 0 0"
expect.illegal "action guard 1 0 0 0"
play "pass"
final()
expect.final { 0, 0 }                                    -- a guard scores nothing
