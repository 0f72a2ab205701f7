-- hills_sheep.md §7 HS-EX-01, §3.1-§3.3: Alice's shepherd draws 2 sheep;
-- her next tile on that field: grow, 3 more; the next: to the stable, 5
-- points, the shepherd home, both tokens back in the bag.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-EX-01: a flock grows, then goes to the stable" {
  game = "base", with = { "hills_sheep" }, players = 2,
}

draws { "hs.sheep2", "hs.sheep3", stack = "sheep" }
play("place U 1,0 r1", "deploy shepherd S")
expect.stack { size = 17, stack = "sheep" }
play("place U -1,0 r1", "pass")                   -- Bob's tile: Alice's flock waits
expect.ledger_last_turn {}
play("place U 2,0 r1", "pass")
expect.moves { "action flock_grow 0 0 0 0", "action flock_score 0 0 0 0" }
play "action flock_grow 0 0 0 0"
expect.stack { size = 16, stack = "sheep" }
play("place U -2,0 r1", "pass")
play("place U 3,0 r1", "pass", "action flock_score 0 0 0 0")
expect.ledger_last_turn { { player = 1, points = 5, reason = "flock" } }
expect.supply { player = 1, kind = "shepherd", count = 1 }
expect.stack { size = 18, stack = "sheep" }
