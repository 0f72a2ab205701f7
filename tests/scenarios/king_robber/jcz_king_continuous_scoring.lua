-- JCloisterZone engine test
-- engine-tests/king-and-robber/king-continuous-scoring.jcz
-- (farin/JCloisterZone-Client), converted: king_robber.md §2, §5 (option
-- king_robber_scoring=continuous, the save's "continuously").
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CC.2 = I; JCZ
-- positions and rotations are ours (y grows south, R270 = r3).
-- Nobody deploys a follower.
-- Alice's I at 0,-1 closes the start's city (2 tiles): nobody held the king
-- (no point), now Alice. Bob's D at -1,0 closes nothing. Alice's I at
-- -1,-1 closes two 2-tile cities in one turn: the holder, Alice, scores 1
-- for each; no more than 2 tiles, the king stays.
-- JCZ asserts: Alice 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "KR-JCZ-6: king-continuous-scoring.jcz: Alice 2" {
  game = "base", with = { "king_robber" }, players = 2,
  options = { king_robber_scoring = "continuous" },
}

stack { "I", "D", "I" }
play("place I 0,-1 r3", "pass")
expect.ledger_last_turn {}
expect.counter { player = 1, counter = "king", value = 1 }
play("place D -1,0 r0", "pass")
play("place I -1,-1 r2", "pass")
expect.ledger_last_turn { { player = 1, points = 1, reason = "king" },
                          { player = 1, points = 1, reason = "king" } }
expect.over()
expect.final { 2, 0 }
