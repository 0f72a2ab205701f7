-- river.md §1 [verify], option start_tile = out: the editions that keep
-- the base start tile out of the game. The land stack then holds 71
-- tiles (the default, shuffled, keeps all 72: RIV-EX-03). The river
-- stack holds 9: the tenth is already in hand for the first turn.
scenario "RIV: start_tile = out leaves the base start tile out" {
  game = "base", with = { "river" }, players = 2, options = { start_tile = "out" },
}

expect.stack { size = 71, stack = "main" }
expect.stack { size = 9, stack = "river" }
expect.stack { size = 1, stack = "lake" }
stack { "river.S", stack = "river" }
turn "place river.S 0,1 r1"
turn "place river.lake 0,2 r1"
expect.stack { size = 70, stack = "main" }      -- the first land tile is in hand
