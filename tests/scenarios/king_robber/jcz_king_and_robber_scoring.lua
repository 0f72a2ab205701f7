-- JCloisterZone engine test
-- engine-tests/king-and-robber/king-and-robber-scoring.jcz
-- (farin/JCloisterZone-Client), converted: king_robber.md §2, §3, §4.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E, BA/RRR = W,
-- BA/CC.2 = I, BA/CFc+ = F, BA/CFC.2 = H; JCZ positions and rotations are
-- ours (y grows south, R90 = r1). Nobody deploys a follower: the awards go
-- to whoever completes, occupied or not.
-- Alice's E closes the start's city (2 tiles): king to Alice. Her W at
-- -1,0 closes the start's road between two junctions (3 tiles): robber to
-- Alice. Bob's W at -1,1 and Alice's W at 0,1 close two 2-tile roads
-- (no more than 3: the robber stays). Bob's H at 3,-1 closes a 3-tile
-- city (I, F, H): more than 2, king to Bob. At the end 2 completed cities
-- for the king (Bob 2) and 3 completed roads for the robber (Alice 3).
-- JCZ asserts: Alice 3, Bob 2.
-- Players: 1 = Alice, 2 = Bob.
scenario "KR-JCZ-1: king-and-robber-scoring.jcz: Alice 3, Bob 2" {
  game = "base", with = { "king_robber" }, players = 2,
}

stack { "E", "W", "W", "W", "W", "I", "F", "H" }
play("place E 0,-1 r2", "pass")
expect.counter { player = 1, counter = "king", value = 1 }
play("place W 1,0 r0", "pass")
play("place W -1,0 r0", "pass")
expect.counter { player = 1, counter = "robber", value = 1 }
play("place W -1,1 r2", "pass")
play("place W 0,1 r0", "pass")
expect.counter { player = 1, counter = "robber", value = 1 }
expect.counter { player = 2, counter = "robber", value = 0 }
play("place I 1,-1 r1", "pass")
play("place F 2,-1 r0", "pass")
play("place H 3,-1 r1", "pass")
expect.counter { player = 1, counter = "king", value = 0 }
expect.counter { player = 2, counter = "king", value = 1 }
expect.over()
expect.final { 3, 2 }
expect.ledger_final { { player = 1, points = 3, reason = "robber" },
                      { player = 2, points = 2, reason = "king" } }
