-- gold_mines.md §5 GM-TB-01 [inferred]: the builder's second tile is a
-- turn part of its own; a gold tile drawn there lays its bars then.
-- Alice's thief and builder on D's road, a junction at its west end.
-- Alice's U at 1,0 extends the road: a second part, which draws
-- gm.RRrr.X: at 2,0 it takes a bar, and its only neighbour U the second.
-- Bob's junction at 3,0 closes the 5-tile road: 5 to Alice and both bars.
-- At the end 2 bars: 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-TB-01: a gold tile in the builder's second part" {
  game = "base", with = { "traders_builders", "gold_mines" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, rot = 0,
    figures = { { player = 1, on = "W" }, { player = 1, kind = "builder", on = "E" } } },
  { "W", at = { -1, 0 }, rot = 0 },
}
stack { "U", "gm.RRrr.X", "W" }
play("place U 1,0 r1", "pass")
expect.part(2)
play("place gm.RRrr.X 2,0 r0", "pass")
play("place W 3,0 r0", "pass")
expect.counter { player = 1, counter = "gold", value = 2 }
expect.over()
expect.final { 7, 0 }
