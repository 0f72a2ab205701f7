-- labyrinth.md §5 LAB-EX-01 [official: basic rules, §2]: the labyrinth is
-- no crossing: its four roads are one road, so a road joined to it holds
-- no second follower, on whichever arm. Completed, it scores as a road.
-- The labyrinth at 0,0; Alice's meeple on the E road of the W at -1,0 (the
-- W arm). Alice's and Bob's W tiles end the N and E arms: no meeple may go
-- on them; Alice's W at 0,1 ends the S arm: 5 tiles, 5 to Alice.
-- Players: 1 = Alice, 2 = Bob.
scenario "LAB-EX-01: basic: one road, occupied on every arm" {
  game = "base", with = { "labyrinth" }, players = 2, start = false,
}

setup {
  { "la.Rrrr", at = { 0, 0 } },
  { "W", at = { -1, 0 }, figure = { player = 1, on = "E" } },
}

stack { "W", "W", "W" }
play "place W 0,-1 r0"
expect.illegal "deploy meeple S"
expect.illegal "action labyrinth 0 -1 2 0"      -- no advanced move in the basic rules
play "pass"
play "place W 1,0 r0"
expect.illegal "deploy meeple W"
play "pass"
play("place W 0,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 5, reason = "road" } }
expect.over()
expect.final { 5, 0 }
