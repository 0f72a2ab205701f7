-- flying_machines.md §3, §4 (Abbey & Mayor), FM-AM-01 [FAQ: wiki, 2/2013]:
-- the mayor may fly, and lands only on an incomplete city. Alice's fm.F.d
-- at 0,1, laid turned once (dir 1), points north-east; the die shows 1
-- (seed 4): onto D at 1,0 (the start tile turned: its city east, its
-- road N-S): the mayor is offered the city alone, the meeple the city
-- and the road.
-- Players: 1 = Alice, 2 = Bob.
scenario "FM-AM-01: the mayor flies and lands on a city only" {
  game = "base", with = { "abbey_mayor", "flying_machines" }, players = 2, start = false,
  seed = 4,
}

setup {
  { "B", at = { 0, 0 } },
  { "D", at = { 1, 0 }, rot = 1 },
}

stack { "fm.F.d", "B", "B" }
play("place fm.F.d 0,1 r1", "pass", "action fly 3 0 0 0")
expect.moves { "action land 1 0 1 0" }
play "action land 1 0 1 0"
expect.occupied { at = { 1, 0 }, port = "E", by = { 1 } }
expect.supply { player = 1, kind = "mayor", count = 0 }
