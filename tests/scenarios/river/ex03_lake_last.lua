-- river.md §1, §2, RIV-EX-03: the lake is the last river tile; after it
-- the next draw comes from the land tiles. The base start tile is
-- shuffled into the land tiles (all four D are there).
scenario "RIV-EX-03: the lake comes last, then the land" {
  game = "base", with = { "river" }, players = 2,
}

stack { "river.S", stack = "river" }
expect.stack { size = 1, stack = "lake" }
expect.stack { size = 72, stack = "main" }
turn "place river.S 0,1 r1"
expect.tile "river.lake"
turn "place river.lake 0,2 r1"
expect.stack { size = 0, stack = "lake" }
expect.feature { at = { 0, 1 }, port = "N", kind = "river", closed = true, tiles = 3 }
draws { "D" }
expect.tile "D"
turn "place D 1,2 r1"
expect.score { 0, 0 }
