-- flying_machines.md §4 (Inns & Cathedrals), FM-IC-01 [FAQ: wiki: any
-- follower may fly]: the large meeple takes the flying machine too (fly
-- 2). Alice's fm.F.d at 0,1, turned once (dir 1), points north-east; the die shows
-- 1 (seed 4): her large meeple lands on Bob's road on U at 1,0.
-- Players: 1 = Alice, 2 = Bob.
scenario "FM-IC-01: the large meeple flies" {
  game = "base", with = { "inns_cathedrals", "flying_machines" }, players = 2, seed = 4,
}

setup { { "U", at = { 1, 0 }, rot = 1, figure = { player = 2, on = "W" } } }

stack { "fm.F.d", "B", "B" }
play("place fm.F.d 0,1 r1", "pass")
expect.moves { "action fly 1 0 0 0", "action fly 2 0 0 0", "pass" }
play "action fly 2 0 0 0"
expect.moves { "action land 1 0 1 0" }
play "action land 1 0 1 0"
expect.supply { player = 1, kind = "big", count = 0 }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.occupied { at = { 1, 0 }, port = "W", by = { 1, 2 } }
