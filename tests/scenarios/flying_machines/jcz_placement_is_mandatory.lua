-- JCloisterZone engine test
-- engine-tests/flying-machines/placement-is-mandatory.jcz
-- (farin/JCloisterZone-Client), converted: flying_machines.md §2, §3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RFr = U (turned:
-- R0 there is our r1), FL/RFr.WE.o = fm.RFr.WE.o; JCZ positions are ours
-- (y grows south). The save's die shows 1 (its random 0.0): seed 7
-- makes g:random(3) give 1 at that move here.
-- Eve's flier at 3,0 points west: 1 tile, onto U at 2,0, whose road is
-- open: she must land there; no pass is offered.
-- JCZ asserts: "Player can't pass".
-- Players: 1 = Eve, 2 = Oscar.
scenario "FM-JCZ-1: placement-is-mandatory.jcz: no pass after a flight" {
  game = "base", with = { "flying_machines" }, players = 2, seed = 7,
}

stack { "U", "U", "fm.RFr.WE.o", "B" }
play("place U 1,0 r1", "pass")
play("place U 2,0 r1", "pass")
play("place fm.RFr.WE.o 3,0 r0", "pass", "action fly 1 0 0 0")
expect.moves { "action land 2 0 1 0" }
expect.illegal("pass")
play "action land 2 0 1 0"
expect.occupied { at = { 2, 0 }, port = "W", by = { 1 } }
expect.supply { player = 1, kind = "meeple", count = 6 }
