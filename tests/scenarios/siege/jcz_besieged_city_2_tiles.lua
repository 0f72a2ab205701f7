-- JCloisterZone engine test engine-tests/siege/besieged-city-2-tiles.jcz
-- (farin/JCloisterZone-Client), converted: siege.md §3. JCZ tiles -> ours:
-- BA/RCr = D (the start, 0,0 r0), SI.BE/CFR = si.be.CFR; JCZ positions and
-- rotations are ours (y grows south, R180 = r2).
-- Alice's besieged cap closes the start's city: 2 tiles, 1 each (not 2).
-- JCZ's game has Alice alone; here Bob sits and never moves (the stack
-- holds one tile). JCZ asserts: Alice 2, "scored city for 2 points".
-- Players: 1 = Alice, 2 = Bob.
scenario "SIEGE-JCZ-1: besieged-city-2-tiles.jcz: Alice 2" {
  game = "base", with = { "siege" }, players = 2,
}

stack { "si.be.CFR" }
play("place si.be.CFR 0,-1 r2", "deploy meeple S")
expect.closed { at = { 0, -1 }, port = "S" }
expect.feature { at = { 0, 0 }, port = "N", besieged = 1, tiles = 2 }
expect.ledger_last_turn { { player = 1, points = 2, reason = "city" } }
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.over()
expect.final { 2, 0 }
