-- gold_mines.md §5 GM-AM-01 [inferred from A&M's majorities]: a mayor in
-- a city without a pennant has strength 0: the completed city has no
-- majority, scores nobody and takes no bar.
-- Alice's mayor on D's cap. Alice's gm.CRcr at 0,-1 (a bar on it and on
-- D, its only neighbour); Bob's E at 0,-2 closes the 3-tile city: no
-- points, no bars. The mayor goes home.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-AM-01: a mayor without pennants takes no bar" {
  game = "base", with = { "abbey_mayor", "gold_mines" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 }, rot = 0, figure = { player = 1, kind = "mayor", on = "N" } },
}
stack { "gm.CRcr", "E", "B" }
play("place gm.CRcr 0,-1 r1", "pass")
play("place E 0,-2 r2", "pass")
expect.closed { at = { 0, -1 }, port = "N" }
expect.score { 0, 0 }
expect.counter { player = 1, counter = "gold", value = 0 }
expect.supply { player = 1, kind = "mayor", count = 1 }
