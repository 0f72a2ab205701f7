-- JCloisterZone engine test
-- engine-tests/traders-and-builders/cloth-scoring-tie.jcz
-- (farin/JCloisterZone-Client), converted: traders-builders.md §2.3, §4.2
-- (goods to whoever completes the city, occupied or not; tied majorities
-- score 10 each). JCZ's save describes itself as "Grain scoring"; it scores
-- cloth.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CFC.2 = H,
-- BA/CC.2 = I, BA/C = E, BA/Rr = V, BA/RFr Rk = U r(k+1); T&B: TB/CcR.c =
-- tb.K, TB/CcRC.c = tb.L, TB/RCc.g = tb.H, TB/CRc.g = tb.G, TB/CCc.w =
-- tb.P (same shapes, same orientation); JCZ positions and rotations are ours
-- (y grows south, R90 = r1); a JCZ follower's location is absolute (a port).
-- Nobody deploys. Bob's tb.L at 1,-1 closes the start's cap + tb.K at 0,-1
-- + the L's small cap (1 cloth, from the K): Bob 1 cloth. Bob's I at 3,-1
-- closes a goods-less 2-tile city with the H at 2,-1. Alice's H at 1,-2
-- closes the L's cloth city (L, H 2,-1, H 1,-2): Alice 1 cloth. Final: cloth
-- tied 1-1, 10 each.
-- JCZ asserts: Alice 10, Bob 10.
-- Players: 1 = Alice, 2 = Bob.
scenario "TB-JCZ-1: cloth-scoring-tie.jcz: Alice 10, Bob 10" {
  game = "base", with = { "traders_builders" }, players = 2,
}

stack { "tb.K", "tb.L", "H", "I", "H" }
play("place tb.K 0,-1 r2", "pass")
play("place tb.L 1,-1 r1", "pass")
expect.counter { player = 2, counter = "cloth", value = 1 }
play("place H 2,-1 r1", "pass")
play("place I 3,-1 r0", "pass")
play("place H 1,-2 r0", "pass")
expect.counter { player = 1, counter = "cloth", value = 1 }
expect.over()
expect.final { 10, 10 }
expect.ledger_final { { player = 1, points = 10, reason = "goods" },
                      { player = 2, points = 10, reason = "goods" } }
