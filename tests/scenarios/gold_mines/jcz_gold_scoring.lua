-- JCloisterZone engine test
-- engine-tests/goldmines/gold-scoring.jcz
-- (farin/JCloisterZone-Client), converted: gold_mines.md §2, §3, §4.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), GO/CRcr = gm.CRcr,
-- GO/LRr = gm.LRr, BA/C = E, BA/RRR = W; JCZ positions and rotations are
-- ours (y grows south, R90 = r1).
-- Alice's gm.CRcr at 0,-1 (a city band N-S over D's cap, her knight on
-- it): a bar on it, and one on D, its only neighbour. Bob's gm.LRr at
-- 1,-1: a bar on it, the second by choice on D (JCZ: PLACE_TOKEN 0,0).
-- Alice's E closes the 3-tile city: 6, and the bars of 0,-1 and 0,0 (3).
-- Bob's W at -1,-1 closes the 4-tile road through 1,-1 and 0,-1 with his
-- thief: 4, and the bar of 1,-1 (1). At the end 3 bars: 3, 1 bar: 1.
-- JCZ asserts: Alice 9, Bob 5; Alice's gold 3 points, Bob's 1.
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-JCZ-1: gold-scoring.jcz: Alice 9, Bob 5" {
  game = "base", with = { "gold_mines" }, players = 2,
}

stack { "gm.CRcr", "gm.LRr", "E", "E", "W", "W" }
play("place gm.CRcr 0,-1 r1", "deploy meeple N")
play "place gm.LRr 1,-1 r1"
expect.moves { "action gold 0 -1 0 0", "action gold 0 0 0 0" }
play("action gold 0 0 0 0", "pass")
play("place E 0,-2 r2", "pass")
expect.score { 6, 0 }
expect.counter { player = 1, counter = "gold", value = 3 }
play("place E 1,-2 r0", "pass")
play("place W 1,0 r1", "pass")
play("place W -1,-1 r0", "deploy meeple E")
expect.counter { player = 2, counter = "gold", value = 1 }
expect.over()
expect.final { 9, 5 }
expect.ledger_final { { player = 1, points = 3, reason = "gold" },
                      { player = 2, points = 1, reason = "gold" } }
