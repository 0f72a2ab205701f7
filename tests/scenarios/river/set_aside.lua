-- river.md §3 [verify]: a river tile that cannot continue the river is
-- set aside and the next river tile drawn. A land tile laid by hand at
-- 0,2 shows a field to the north, so the straight can go nowhere (its
-- only joining spot, 0,1, would run the river into that field); the curve
-- drawn next can, turning away from it.
scenario "RIV: a river tile that cannot continue the river is set aside" {
  game = "base", with = { "river" }, players = 2,
}

setup { { "E", at = { 0, 2 }, rot = 2, fixed = true } }
stack { "river.S", "river.K", stack = "river" }
expect.discards { "river.S" }
expect.tile "river.K"
expect.illegal("place river.K 0,1 r0", "")
turn "place river.K 0,1 r2"
expect.stack { size = 0, stack = "river" }
expect.tile "river.lake"
