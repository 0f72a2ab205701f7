-- darmstadt.md §5 DA-EX-01 [constructed from the FAQ, 3/2015]: a tie in a
-- completed city with the Darmstadtium gives each leader the 3 more (§2).
-- Alice's knight on D's cap, Bob's on the cap of E at 0,-2, caps east and
-- west of 0,-1. Alice's Darmstadtium at 0,-1 joins them into a 5-tile
-- city: 10 + 3 to each.
-- Players: 1 = Alice, 2 = Bob.
scenario "DA-EX-01: a tie takes the Darmstadtium's 3 each" {
  game = "base", with = { "darmstadt" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, rot = 0, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -2 }, rot = 2, fixed = true, figure = { player = 2, on = "S" } },
  { "E", at = { -1, -1 }, rot = 1, fixed = true },
  { "E", at = { 1, -1 }, rot = 3, fixed = true },
}
stack { "da.Cccc" }
play("place da.Cccc 0,-1 r0", "pass")
expect.over()
expect.final { 13, 13 }
expect.ledger { { player = 1, points = 13, reason = "city" }, { player = 2, points = 13, reason = "city" } }
