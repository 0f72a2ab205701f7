-- flying_machines.md §2, §3, §5 FM-EX-02: the arrow turns with the tile,
-- and a flier may join an occupied feature. Alice's fm.F.d (arrow north-
-- west) at 0,1, laid turned once (the move's dir 1: the kernel places an
-- all-field tile at r0 alone, §2): it points north-east. The die shows 1 (seed
-- 7): onto U at 1,0, whose road Bob holds; its fields are no landing
-- spot: the road is the only one. Both now hold the road.
-- Players: 1 = Alice, 2 = Bob.
scenario "FM-EX-02: a turned diagonal flight lands on an occupied road" {
  game = "base", with = { "flying_machines" }, players = 2, seed = 7,
}

setup { { "U", at = { 1, 0 }, rot = 1, figure = { player = 2, on = "W" } } }

stack { "fm.F.d", "B", "B" }
play("place fm.F.d 0,1 r1", "pass", "action fly 1 0 0 0")
expect.moves { "action land 1 0 1 0" }
play "action land 1 0 1 0"
expect.occupied { at = { 1, 0 }, port = "W", by = { 1, 2 } }
expect.supply { player = 1, kind = "meeple", count = 6 }
expect.player(2)
