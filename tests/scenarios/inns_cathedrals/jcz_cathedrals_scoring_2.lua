-- JCloisterZone engine test engine-tests/inns-and-cathedrals/cathedrals-scoring-2.jcz
-- (farin/JCloisterZone-Client), converted: inns_cathedrals.md §7 IC-JCZ-3,
-- §4.2 (pennants count 3 each too). JCZ tiles -> ours: BA/RCr = D (the
-- start, 0,0 r0), IC/Cccc.c = ic.Cccc.c, BA/Cc+ = M, BA/Ccc+ = Q, IC/CCc+ =
-- ic.CCc_p, BA/CcRr+ = O; JCZ positions are ours (y grows south), R90 =
-- r1, R180 = r2, R270 = r3.
-- Alice's city: D's cap, the cathedral, M, M, Q, the pennant city of
-- ic.CCc_p and O close at the sixth tile: 7 tiles and 5 pennants (M, M,
-- Q, ic.CCc_p, O): Alice +36 (3 x 12). Bob has no figure.
-- JCZ asserts: Alice 36, Alice city 36.
-- Players: 1 = Alice, 2 = Bob.
scenario "IC-JCZ-3: cathedrals-scoring-2.jcz: Alice 36" {
  game = "base", with = { "inns_cathedrals" }, players = 2,
}

play("place ic.Cccc.c 0,-1 r0", "deploy meeple N")
play("place M 1,-1 r0", "pass")
play("place M 1,-2 r3", "pass")
play("place Q 0,-2 r2", "pass")
play("place ic.CCc_p -1,-2 r2", "pass")
expect.open { at = { 0, -1 }, port = "N" }
expect.feature { at = { 0, -1 }, port = "N", tiles = 6, pennant = 4, cathedral = 1 }
play("place O -1,-1 r1", "pass")
expect.closed { at = { 0, -1 }, port = "N" }
expect.feature { at = { 0, -1 }, port = "N", tiles = 7, pennant = 5 }
expect.ledger_last_turn { { player = 1, points = 36, reason = "city" } }
expect.score { 36, 0 }
expect.points { player = 1, reason = "city", points = 36 }
