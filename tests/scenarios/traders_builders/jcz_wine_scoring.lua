-- JCloisterZone engine test
-- engine-tests/traders-and-builders/wine-scoring.jcz
-- (farin/JCloisterZone-Client), converted: traders-builders.md §2.3, §4.2
-- (goods to whoever completes, not to the knight's owner).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/CFC.2 = H,
-- BA/CC.2 = I, BA/C = E, BA/Rr = V, BA/RFr Rk = U r(k+1); T&B: TB/CcR.c =
-- tb.K, TB/CcRC.c = tb.L, TB/RCc.g = tb.H, TB/CRc.g = tb.G, TB/CCc.w =
-- tb.P (same shapes, same orientation); JCZ positions and rotations are ours
-- (y grows south, R90 = r1); a JCZ follower's location is absolute (a port).
-- Carol's tb.P at 0,-1 r1 (band N-S with 1 wine, on the start's cap) takes
-- her knight; Oskar's H at 0,-2 closes it: D + P + H, 3 tiles without a
-- pennant = 6 for Carol (the P's separate west cap stays open), and the
-- wine to Oskar, who completed it. Final: wine 1-0, 10 to Oskar.
-- JCZ asserts: Oskar 10, Carol 6.
-- Players: 1 = Carol, 2 = Oskar.
scenario "TB-JCZ-3: wine-scoring.jcz: Carol 6, Oskar 10" {
  game = "base", with = { "traders_builders" }, players = 2,
}

stack { "tb.P", "H" }
play("place tb.P 0,-1 r1", "deploy meeple N")
play("place H 0,-2 r0", "pass")
expect.ledger_last_turn { { player = 1, points = 6, reason = "city" } }
expect.counter { player = 2, counter = "wine", value = 1 }
expect.over()
expect.final { 6, 10 }
