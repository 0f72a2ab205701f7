-- gold_mines.md §6 GM-EX-01 [constructed]: a tie shares the bars out one
-- at a time, the active player first (§3).
-- Alice's knight on D's cap, Bob's on the cap of E at 0,-2. Alice's
-- gm.RrRr at 1,0: a bar on it and on D, its only neighbour. Bob's
-- gm.CRcr at 0,-1 joins the caps and closes the city (3 tiles, 6 each);
-- his second bar goes on D: D holds 2, 0,-1 holds 1. Bob, active, takes
-- the first bar, Alice the second, Bob the third: Bob 2, Alice 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-EX-01: a tie shares the bars, the active player first" {
  game = "base", with = { "gold_mines" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, rot = 0, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -2 }, rot = 2, fixed = true, figure = { player = 2, on = "S" } },
}
stack { "gm.RrRr", "gm.CRcr" }
play("place gm.RrRr 1,0 r0", "pass")
play "place gm.CRcr 0,-1 r1"
expect.moves { "action gold 0 -2 0 0", "action gold 1 0 0 0", "action gold 0 0 0 0" }
play("action gold 0 0 0 0", "pass")
expect.counter { player = 2, counter = "gold", value = 2 }
expect.counter { player = 1, counter = "gold", value = 1 }
expect.over()
expect.final { 7, 8 }
expect.ledger_final { { player = 1, points = 1, reason = "gold" },
                      { player = 2, points = 2, reason = "gold" } }
