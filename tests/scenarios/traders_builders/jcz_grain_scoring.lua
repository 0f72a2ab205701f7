-- JCloisterZone engine test
-- engine-tests/traders-and-builders/grain-scoring.jcz
-- (farin/JCloisterZone-Client), converted: traders-builders.md §2.3, §4.2.
-- JCZ's grain is our wheat.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CFC.2 = H,
-- BA/CC.2 = I, BA/C = E, BA/Rr = V, BA/RFr Rk = U r(k+1); T&B: TB/CcR.c =
-- tb.K, TB/CcRC.c = tb.L, TB/RCc.g = tb.H, TB/CRc.g = tb.G, TB/CCc.w =
-- tb.P (same shapes, same orientation); JCZ positions and rotations are ours
-- (y grows south, R90 = r1); a JCZ follower's location is absolute (a port).
-- Nobody deploys. Alice's tb.H at 0,-1 (city S+E, 1 wheat) on the start's
-- cap, Bob's tb.G at 1,-1 (band W-E, 1 wheat) continues it, Alice's E at
-- 2,-1 closes it: 4 tiles, 2 wheat, both to Alice. Final: wheat 2-0.
-- JCZ asserts: Alice 10, Bob 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "TB-JCZ-2: grain-scoring.jcz: Alice 10, Bob 0" {
  game = "base", with = { "traders_builders" }, players = 2,
}

stack { "tb.H", "tb.G", "E" }
play("place tb.H 0,-1 r2", "pass")
play("place tb.G 1,-1 r0", "pass")
play("place E 2,-1 r3", "pass")
expect.counter { player = 1, counter = "wheat", value = 2 }
expect.counter { player = 2, counter = "wheat", value = 0 }
expect.over()
expect.final { 10, 0 }
