-- JCloisterZone engine test engine-tests/siege/field-besieged-scoring.jcz
-- (farin/JCloisterZone-Client), converted: siege.md §4. Set siege/cathars:
-- our option siege_tiles = cathars. JCZ tiles -> ours: BA/RCr = D (the
-- start, 0,0 r0), BA/CFC.2 = H, BA/CC.2 = I, BA/C = E, SI.CA/Cc = si.ca.Cc,
-- BA/Cc+ = M; JCZ positions and rotations are ours (R90 = r1, R180 = r2,
-- R270 = r3).
-- Alice's farmer on I's field (JCZ EL.ER.SL.SR: our E and S sides), which
-- runs on into H's field. It touches three completed cities: H's south
-- cap with the start's (2 tiles), I's west cap with E (2 tiles), and the
-- besieged city of I's north cap, si.ca.Cc, M and H's north cap: 3 + 3 +
-- 2 x 3 = 12. JCZ asserts: Alice 12, "scored field for 12 points".
-- JCZ's game has Alice alone; here the tiles alternate with a second
-- player, who deploys nothing and moves first (the I, Alice's, is the
-- second tile).
-- Players: 1 = the other player, 2 = Alice.
scenario "SIEGE-JCZ-5: field-besieged-scoring.jcz: Alice 12" {
  game = "base", with = { "siege" }, players = 2, options = { siege_tiles = "cathars" },
}

stack { "H", "I", "E", "si.ca.Cc", "M" }
play("place H 0,-1 r0", "pass")
play("place I -1,-1 r0", "deploy meeple E")
play("place E -2,-1 r1", "pass")
play("place si.ca.Cc -1,-2 r2", "pass")
play("place M 0,-2 r3", "pass")
expect.closed { at = { -1, -1 }, port = "N" }
expect.feature { at = { -1, -1 }, port = "N", besieged = 1, tiles = 4 }
expect.over()
expect.final { 0, 12 }
expect.ledger_final { { player = 2, points = 12, reason = "field" } }
