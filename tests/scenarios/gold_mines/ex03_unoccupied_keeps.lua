-- gold_mines.md §6 GM-EX-03 [constructed]: a completed feature nobody
-- holds takes no bar; the bars stay for a later feature (§3).
-- Alice's gm.CRcr at 0,-1 (no follower): bars on it and on D. Bob's E
-- closes the empty city: nobody takes anything. Alice's thief on the
-- junction W at -1,-1; Bob's W at 1,-1 closes the 3-tile road through
-- 0,-1: 3 to Alice and the bar of 0,-1 (the one on D is on no part of the
-- road). At the end 1 bar: 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-EX-03: an unoccupied feature leaves its bars" {
  game = "base", with = { "gold_mines" }, players = 2,
}

stack { "gm.CRcr", "E", "W", "W" }
play("place gm.CRcr 0,-1 r1", "pass")
play("place E 0,-2 r2", "pass")
expect.closed { at = { 0, -1 }, port = "N" }
expect.counter { player = 1, counter = "gold", value = 0 }
expect.counter { player = 2, counter = "gold", value = 0 }
play("place W -1,-1 r0", "deploy meeple E")
play("place W 1,-1 r0", "pass")
expect.counter { player = 1, counter = "gold", value = 1 }
expect.over()
expect.final { 4, 0 }
