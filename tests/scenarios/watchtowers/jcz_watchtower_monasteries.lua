-- JCloisterZone engine test
-- engine-tests/watchtowers/watchtower-monasteries.jcz
-- (farin/JCloisterZone-Client), converted: watchtowers.md §3.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/LR = A, BA/L = B,
-- WT/FRFR_3C = wt.FRFR_3C; JCZ positions and rotations are ours (y grows
-- south, R90 = r1).
-- Players: 1 = Bob, 2 = Alice. JCZ plays it alone; base needs two players,
-- so Bob lays every other tile (the first), which changes nothing scored.
-- Alice's meeple on the east road of the cloister tower at 1,0 (its two
-- roads end at the tower: two roads); her A at 2,0 closes that road (2
-- tiles). The tower counts the monasteries in its 3x3 square: B at 0,1
-- and A at 2,0 (the A at -1,0 is two columns away): 2 x 3 = 6, scored
-- before the road's 2.
-- JCZ asserts: Alice 8, "Alice scored watchtower for 6 points".
scenario "WT-JCZ-2: watchtower-monasteries.jcz: Alice 8 (tower 6)" {
  game = "base", with = { "watchtowers" }, players = 2,
}

stack { "A", "wt.FRFR_3C", "B", "A" }
play("place A -1,0 r3", "pass")
play("place wt.FRFR_3C 1,0 r0", "deploy meeple E")
play("place B 0,1 r0", "pass")
play("place A 2,0 r1", "pass")
expect.ledger_last_turn { { player = 2, points = 6, reason = "watchtower" },
                          { player = 2, points = 2, reason = "road" } }
expect.score { 0, 8 }
