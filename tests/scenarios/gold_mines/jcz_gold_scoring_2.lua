-- JCloisterZone engine test
-- engine-tests/goldmines/gold-scoring-2.jcz
-- (farin/JCloisterZone-Client), converted: gold_mines.md §2, §3, §4.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), GO/* = gm.*,
-- BA/RRRR = X, BA/CFC.2 = H, BA/CC.2 = I, BA/RRR = W, BA/C = E; JCZ
-- positions and rotations are ours (y grows south, R90 = r1).
-- All 8 gold tiles come out around 1,0 and 1,-1 and every second bar is
-- laid on one of those two cells: 5 bars on 1,0 and 4 on 1,-1 in the end,
-- 16 in all. Bob's knight in the city H at 1,-3 starts, his thief on the
-- road of W at 3,-1 follows; Alice's E at 2,-3 completes the big city and
-- the road together and Bob, alone in both, takes 15 bars: 4 each, 60.
-- JCZ asserts: Alice 0, Bob 77 (gold 60).
-- Players: 1 = Alice, 2 = Bob.
scenario "GM-JCZ-2: gold-scoring-2.jcz: Alice 0, Bob 77" {
  game = "base", with = { "gold_mines" }, players = 2,
}

stack { "gm.RrRr", "gm.RRrr.X", "X", "gm.LRrRr", "gm.LRr", "gm.CRcr", "gm.CcRr",
        "gm.LCcRr", "gm.LCc", "H", "I", "W", "E" }
play("place gm.RrRr 1,0 r1", "pass")              -- its only neighbour, D, takes the 2nd bar
play("place gm.RRrr.X 1,-1 r0", "action gold 1 0 0 0", "pass")
play("place X 2,0 r0", "pass")
play("place gm.LRrRr 2,-1 r0", "action gold 1 0 0 0", "pass")
play("place gm.LRr 1,1 r3", "action gold 1 0 0 0", "pass")
play("place gm.CRcr 0,-1 r1", "action gold 1 0 0 0", "pass")
play("place gm.CcRr 1,-2 r0", "action gold 1 -1 0 0", "pass")
play("place gm.LCcRr 2,-2 r1", "action gold 1 -1 0 0", "pass")
play("place gm.LCc 0,-2 r2", "action gold 1 -1 0 0", "pass")
play("place H 1,-3 r0", "deploy meeple S")
play("place I 3,-2 r0", "pass")
play("place W 3,-1 r0", "deploy meeple W")
play("place E 2,-3 r2", "pass")
expect.counter { player = 2, counter = "gold", value = 15 }
expect.counter { player = 1, counter = "gold", value = 0 }
expect.over()
expect.final { 0, 77 }
expect.points { player = 2, reason = "gold", points = 60 }
