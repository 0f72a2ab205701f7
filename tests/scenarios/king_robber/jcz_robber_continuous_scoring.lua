-- JCloisterZone engine test
-- engine-tests/king-and-robber/robber-continuous-scoring.jcz
-- (farin/JCloisterZone-Client), converted: king_robber.md §3, §5 (option
-- king_robber_scoring=continuous, the save's "continuously"; the same game as
-- king-and-robber-continuos_scoring.jcz, saved as its own test).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RRRR = X, BA/RRR =
-- W; JCZ positions and rotations are ours (y grows south, R270 = r3).
-- Nobody deploys a follower.
-- Bob's W at 1,-1 closes a 2-tile road to the crossroads: nobody held the
-- robber (no point), now Bob. Alice's W at -1,0 closes the start's road (3
-- tiles): Bob, the holder, scores 1, then the robber goes to Alice. Bob's
-- W at -1,1 and Alice's W at 0,1 each close a 2-tile road: Alice, the
-- holder, scores 1 each. Nothing at the end.
-- JCZ asserts: Alice 2, Bob 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "KR-JCZ-5: robber-continuous-scoring.jcz: Alice 2, Bob 1" {
  game = "base", with = { "king_robber" }, players = 2,
  options = { king_robber_scoring = "continuous" },
}

stack { "X", "W", "W", "W", "W" }
play("place X 1,0 r0", "pass")
play("place W 1,-1 r3", "pass")
expect.ledger_last_turn {}
expect.counter { player = 2, counter = "robber", value = 1 }
play("place W -1,0 r0", "pass")
expect.ledger_last_turn { { player = 2, points = 1, reason = "robber" } }
expect.counter { player = 1, counter = "robber", value = 1 }
play("place W -1,1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 1, reason = "robber" } }
play("place W 0,1 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 1, reason = "robber" } }
expect.over()
expect.final { 2, 1 }
expect.ledger_final {}
