-- JCloisterZone engine test
-- engine-tests/king-and-robber/king-and-robber-10_scoring.jcz
-- (farin/JCloisterZone-Client), converted: king_robber.md §2, §3, §5
-- (option king_robber_scoring=10/20, the save's "king-and-robber-scoring").
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/RRR = W, BA/RFr R0
-- = U r1 (road W-E), BA/CFC.2 = H, KR/LC = kr.LC; JCZ positions and
-- rotations are ours (y grows south, R90 = r1).
-- JCZ plays it alone; base needs two players, so Bob (player 1) lays every
-- other tile, the first: he completes no city or road larger than the ones
-- before, so Alice completes every award, as in the save.
-- Alice's W at -1,1 closes a 2-tile road (robber to Alice); her W at 1,0
-- a 3-tile road (robber stays hers). Bob's W at 1,1 closes roads of 3 and
-- 2 tiles (no more than 3: the robber stays). Alice's H at 0,-1 closes the
-- start's city (king to Alice); Bob's kr.LC closes H's other cap (2
-- tiles, no more than 2). At the end Alice holds both: 10 for each award: 20.
-- Nobody deploys a follower.
-- JCZ asserts: Alice 20.
-- Players: 1 = Bob, 2 = Alice.
scenario "KR-JCZ-2: king-and-robber-10_scoring.jcz: Alice 20" {
  game = "base", with = { "king_robber" }, players = 2,
  options = { king_robber_scoring = "10/20" },
}

stack { "W", "W", "U", "W", "W", "H", "kr.LC" }
play("place W -1,0 r0", "pass")
play("place W -1,1 r2", "pass")
expect.counter { player = 2, counter = "robber", value = 1 }
play("place U 0,1 r1", "pass")
play("place W 1,0 r0", "pass")
play("place W 1,1 r1", "pass")
expect.counter { player = 1, counter = "robber", value = 0 }
play("place H 0,-1 r0", "pass")
play("place kr.LC 0,-2 r2", "pass")
expect.counter { player = 2, counter = "king", value = 1 }
expect.counter { player = 2, counter = "robber", value = 1 }
expect.over()
expect.final { 0, 20 }
expect.ledger_final { { player = 2, points = 10, reason = "king" },
                      { player = 2, points = 10, reason = "robber" } }
