-- inns_cathedrals.md §7 IC-EX-12, §1: with the sixth set, six play; each
-- has 7 meeples and 1 large meeple. The sixth player takes a normal turn
-- (the start tile D at 0,0; cloisters south of it) and deploys the large meeple.
-- Players: 1..6.
scenario "IC-EX-12: six players, each with a large meeple" {
  game = "base", with = { "inns_cathedrals" }, players = 6,
}

for p = 1, 6 do
  expect.supply { player = p, kind = "meeple", count = 7 }
  expect.supply { player = p, kind = "big", count = 1 }
end
play { player = 1, "place B 0,1 r0", "pass" }
play { player = 2, "place B 0,2 r0", "pass" }
play { player = 3, "place B 0,3 r0", "pass" }
play { player = 4, "place B 0,4 r0", "pass" }
play { player = 5, "place E 1,1 r1", "pass" }
play { player = 6, "place A 0,5 r0", "deploy big C" }
expect.supply { player = 6, kind = "big", count = 0 }
expect.player(1)
