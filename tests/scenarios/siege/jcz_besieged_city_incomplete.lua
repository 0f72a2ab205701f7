-- JCloisterZone engine test engine-tests/siege/besieged-city-incomplete.jcz
-- (farin/JCloisterZone-Client), converted: siege.md §3. JCZ tiles -> ours:
-- BA/RCr = D (the start, 0,0 r0), SI.BE/Ccc = si.be.Ccc, BA/C = E; R90 = r1,
-- R270 = r3.
-- The besieged tile joins the start's city (open to the north); an E
-- extends it east with a knight on it. The game ends (JCZ endTurn 2): an
-- incomplete besieged city scores nothing. JCZ asserts: Alice 0,
-- "scored city for 0 points".
-- JCZ's game has Alice alone and both turns hers; here the second tile is
-- Bob's, and it is Bob's knight that scores 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "SIEGE-JCZ-3: besieged-city-incomplete.jcz: 0 points" {
  game = "base", with = { "siege" }, players = 2,
}

stack { "si.be.Ccc", "E" }
play("place si.be.Ccc 0,-1 r1", "pass")
play("place E 1,-1 r3", "deploy meeple W")
expect.open { at = { 1, -1 }, port = "W" }
expect.feature { at = { 1, -1 }, port = "W", besieged = 1, tiles = 3, when = "final", points = 3, value = 0 }
expect.over()
expect.final { 0, 0 }
expect.ledger_final { { player = 2, points = 0, reason = "city" } }
