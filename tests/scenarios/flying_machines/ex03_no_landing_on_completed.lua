-- flying_machines.md §3, §5 FM-EX-03 [FAQ: wiki, 2012]: a flier cannot
-- land on a feature the tile just placed completed. The start's road runs
-- from a junction (W at -1,0) through U at 1,0; Alice's flier
-- fm.RFr.WE.o at 2,0 closes it at the junction at 3,0. The die shows 1
-- (seed 7): onto U, whose road is now complete, with fields beside it:
-- no spot, the meeple stays in her supply.
-- Players: 1 = Alice, 2 = Bob.
scenario "FM-EX-03: no landing on a feature completed this turn" {
  game = "base", with = { "flying_machines" }, players = 2, seed = 7,
}

setup {
  { "W", at = { -1, 0 } },
  { "U", at = { 1, 0 }, rot = 1 },
  { "W", at = { 3, 0 }, rot = 2, fixed = true },   -- the flier fills 2,0
}

stack { "fm.RFr.WE.o", "B", "B" }
play("place fm.RFr.WE.o 2,0 r0", "pass", "action fly 1 0 0 0")
expect.player(2)
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.feature { at = { 1, 0 }, port = "W", kind = "road", closed = true }
