-- gold_mines.md §6 GM-EX-05 [constructed]: 4 bars score 2 each (§4).
-- Alice's knight on D's cap. Alice's gm.CRcr at 0,-1 (bars on it and on D,
-- its only neighbour); Bob's gm.CcRr at 0,-2 extends the city (a bar on
-- it, the second on 0,-1, its only neighbour); Alice's E at 1,-2 closes
-- the 4-tile city: 8, and all 4 bars. At the end 4 bars: 8.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-EX-05: four bars score 2 each" {
  game = "base", with = { "gold_mines" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, rot = 0, figure = { player = 1, on = "N" } },
}
stack { "gm.CRcr", "gm.CcRr", "E" }
play("place gm.CRcr 0,-1 r1", "pass")
play("place gm.CcRr 0,-2 r2", "pass")
play("place E 1,-2 r3", "pass")
expect.counter { player = 1, counter = "gold", value = 4 }
expect.over()
expect.final { 16, 0 }
expect.ledger_final { { player = 1, points = 8, reason = "gold" } }
