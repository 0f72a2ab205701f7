-- traders-builders.md §6 HR-TB-1 [house rule], option builder_chain:
-- every tile that extends your builder's road gives one more tile, so a
-- second extending tile gives a third part (off by default: TB-EX-04).
-- Players: 1 = You, 2 = Blue.
scenario "house rule HR-TB-1: the builder chain" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
  options = { builder_chain = true },
}

setup {
  { "U", at = { 0, 0 }, figures = {
      { player = 1, kind = "meeple", on = "N" },
      { player = 1, kind = "builder", on = "N" } } },
}

play("place U 0,-1 r0", "pass")
expect.part(2)
play("place U 0,1 r0", "pass")
expect.part(3)
play("place V 1,0 r2", "pass")         -- off the road: the chain ends
expect.player(2)
expect.part(1)
