-- JCloisterZone engine test
-- engine-tests/darmstadt/church-bonus-owner.jcz
-- (farin/JCloisterZone-Client), converted: darmstadt.md §3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/Rr = V,
-- DA/LRR = da.LRR, BA/RRRR = X, BA/RFr = U turned a quarter (JCZ draws its
-- road W-E: JCZ R0 = our r1), BA/C = E; JCZ positions and rotations are
-- ours otherwise (y grows south, R90 = r1). The save stops before the game
-- ends (no endTurn): one more tile keeps ours going, and the score is
-- checked there, before any final scoring.
-- Alice's thief on V at 1,0 and her monk on the church da.LRR at 0,1;
-- Bob's thief on X at 0,2 only. Bob's D at -1,0 completes the church: 9
-- to Alice, and the 3 of the bonus to her too, 2 followers against 1 on
-- the church's 9 tiles.
-- JCZ asserts: Alice 12, Bob 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "DA-JCZ-2: church-bonus-owner.jcz: Alice 12, Bob 0" {
  game = "base", with = { "darmstadt" }, players = 2,
}

stack { "V", "V", "da.LRR", "X", "U", "U", "E", "D", "B" }
play("place V 1,0 r0", "deploy meeple W")
play("place V 1,1 r1", "pass")
play("place da.LRR 0,1 r0", "deploy meeple C")
play("place X 0,2 r0", "deploy meeple S")
play("place U 1,2 r1", "pass")
play("place U -1,2 r1", "pass")
play("place E -1,1 r0", "pass")
play("place D -1,0 r2", "pass")
expect.closed { at = { 0, 1 }, port = "C" }
expect.score { 12, 0 }
expect.ledger_last_turn { { player = 1, points = 9, reason = "cloister" },
                          { player = 1, points = 3, reason = "church" } }
