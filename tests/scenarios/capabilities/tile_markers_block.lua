-- Markers on tiles (docs/capabilities.md, "Markers on tiles"):
-- `per_figure_in_block` counts the `to_tile` figures on the 3x3 block of
-- a cloister (house/wells.lua: 1 a well). Alice's monk on B at 0,0, six
-- of its eight neighbours laid. Alice's B at 1,1 (diagonal to it) takes a
-- well; Bob's B at 0,1 completes the cloister: 9 + 1. Bob's monk on his
-- own cloister there scores at the end 1 + 5 tiles around + 1 well (1,1
-- is in its block too). The figure_placed hook narrowed to wells counted
-- Alice's well and not Bob's monk.
scenario "markers on tiles: a well in a cloister's block adds 1" {
  game = "base", rules = { "house/wells.lua" }, players = 2, start = false,
}

setup {
  { "B", at = { 0, 0 }, figure = { player = 1, on = "C" } },
  { "B", at = { 0, -1 } }, { "B", at = { -1, -1 } }, { "B", at = { 1, -1 } },
  { "B", at = { -1, 0 } }, { "B", at = { 1, 0 } }, { "B", at = { -1, 1 } },
}
stack { "B", "B" }
play("place B 1,1 r0", "deploy well C")
play("place B 0,1 r0", "deploy meeple C")
expect.over()
expect.final { 10, 7 }
expect.counter { player = 1, counter = "wells_dug", value = 1 }
expect.counter { player = 2, counter = "wells_dug", value = 0 }
