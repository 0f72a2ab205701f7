-- examples/house-rules/builder_chain.lua (traders-builders.md §6 HR-TB-1):
-- every tile that extends your builder's road gives one more tile. With
-- Traders & Builders alone the second tile never gives a third (§3.3,
-- TB-EX-04); here it does, and the chain stops at the first tile that
-- does not extend the builder's road. Players: 1 = You, 2 = Blue.
scenario "HR-TB-1 builder_chain: the builder keeps drawing" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
  rules = { "../builder_chain.lua" },
}

setup {
  { "U", at = { 0, 0 }, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
}

play("place U 0,-1 r0", "pass")         -- extends: a second tile (the rules' own)
expect.part(2)
expect.player(1)
play("place U 0,1 r0", "pass")          -- extends again: a third (the house rule)
expect.part(3)
expect.player(1)
play("place U 0,2 r0", "pass")          -- and a fourth
expect.part(4)
play("place V 1,0 r2", "pass")          -- off the road: the chain ends
expect.player(2)
expect.part(1)
