-- JCloisterZone engine test engine-tests/cult/chllenged-monastery.jcz
-- (farin/JCloisterZone-Client; the file name's spelling), converted:
-- cult.md §4. JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0),
-- CU/SRCR = cu.SRCR, BA/L = B, BA/LR R270 = A r3, BA/Rr R270 = V r3,
-- BA/RFr R0 = U r1, BA/Cc+ R270 = M r3, BA/CFc+ = F (R90 = r1),
-- BA/RRRR = X, BA/C = E; JCZ positions are ours (y grows south).
-- Alice's heretic on the shrine at 1,0; Bob's monk on the cloister at 0,1
-- next to it: a challenge. Alice's 11th tile (2,-1) surrounds the shrine:
-- she scores 9, Bob's monk goes home with nothing. JCZ's replay stops
-- there, without the final scoring: Alice 9, Bob 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "CULT-JCZ-1: chllenged-monastery.jcz: Alice 9, Bob 0" {
  game = "base", with = { "cult" }, players = 2,
}

play("place cu.SRCR 1,0 r0", "deploy meeple C")
play("place B 0,1 r0", "deploy meeple C")
play("place A -1,0 r3", "deploy meeple C")
play("place V 1,1 r3", "pass")
play("place U 2,0 r1", "pass")
play("place M 0,-1 r3", "pass")
play("place F 1,-1 r1", "pass")
play("place F -1,-1 r0", "pass")
play("place X 3,0 r0", "pass")
play("place U 2,1 r1", "pass")
expect.score { 0, 0 }
expect.occupied { at = { 0, 1 }, port = "C", by = { 2 } }
play("place E 2,-1 r0", "pass")
expect.closed { at = { 1, 0 }, port = "C" }
expect.ledger_last_turn { { player = 1, points = 9, reason = "cloister" } }
expect.free { at = { 0, 1 }, port = "C" }
expect.supply { player = 2, kind = "meeple", count = 7 }
expect.score { 9, 0 }
