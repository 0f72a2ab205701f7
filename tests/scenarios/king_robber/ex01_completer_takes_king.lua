-- king_robber.md §2, §4, KR-EX-01: the king goes to the player who
-- completes a city, not to its knights' owner; a city of the same size
-- leaves it where it is; at the end the king scores 1 for every completed
-- city, whoever completed it.
-- Alice closes Bob's 2-tile city (Bob's knight scores 4): the king to
-- Alice. Bob closes another 2-tile city, unoccupied: not larger, Alice
-- keeps the king. The end: 2 completed cities, Alice +2.
-- Players: 1 = Alice, 2 = Bob.
scenario "KR-EX-01: the completer takes the king; a tie keeps it" {
  game = "base", with = { "king_robber" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
  { "E", at = { 3, 0 }, fixed = true },
}
stack { "E", "E" }

play("place E 0,-1 r2", "pass")
expect.ledger_last_turn { { player = 2, points = 4, reason = "city" } }
expect.counter { player = 1, counter = "king", value = 1 }
expect.counter { player = 2, counter = "king", value = 0 }
play("place E 3,-1 r2", "pass")
expect.closed { at = { 3, 0 }, port = "N" }
expect.counter { player = 1, counter = "king", value = 1 }
expect.counter { player = 2, counter = "king", value = 0 }
expect.over()
expect.final { 2, 4 }
expect.ledger_final { { player = 1, points = 2, reason = "king" } }
