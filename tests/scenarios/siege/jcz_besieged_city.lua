-- JCloisterZone engine test engine-tests/siege/besieged-city.jcz
-- (farin/JCloisterZone-Client), converted: siege.md §3. JCZ tiles -> ours:
-- BA/RCr = D (the start, 0,0 r0), BA/Cc+ = M, SI.BE/RCc = si.be.RCc,
-- BA/CFc+ = F, BA/CFC.2 = H; JCZ positions and rotations are ours.
-- Alice's knight on M's city (joined to the start's cap); Bob's besieged
-- RCc, Alice's F and Bob's H close it: 5 tiles and 2 pennants, 1 each
-- for a besieged city: 7 (14 unbesieged). JCZ asserts: Alice 7,
-- "scored city for 7 points".
-- Players: 1 = Alice, 2 = Bob.
scenario "SIEGE-JCZ-4: besieged-city.jcz: Alice 7" {
  game = "base", with = { "siege" }, players = 2,
}

stack { "M", "si.be.RCc", "F", "H" }
play("place M 0,-1 r2", "deploy meeple S")
play("place si.be.RCc 1,-1 r0", "pass")
play("place F 1,-2 r1", "pass")
expect.feature { at = { 0, 0 }, port = "N", besieged = 1, pennant = 2, tiles = 4, closed = false }
play("place H 1,-3 r0", "pass")
expect.closed { at = { 0, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 7, reason = "city" } }
expect.over()
expect.final { 7, 0 }
