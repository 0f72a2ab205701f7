-- JCloisterZone engine test
-- engine-tests/gq11/pig-herd-scoring.jcz (farin/JCloisterZone-Client),
-- converted: gq11.md §2, §3 (Traders & Builders' pig), with the set's
-- element "pig-herd" (our default pig_herd=true).
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), BA/C = E, GQ/F =
-- gq.F; JCZ positions and rotations are ours (y grows south, R180 = r2).
-- JCZ plays it alone; base needs two players. Alice's first turn (E at
-- 0,-1 turned to close the start's city, her farmer on its field) is the
-- setup, so that the pig goes on in her own next turn: she lays gq.F above
-- it and deploys her pig on the herd's field (her farmer is in it); Bob
-- lays an E at 0,-3 (its field joins the farm), Alice an E at 0,-4 that
-- closes its city. Nobody else deploys.
-- The farm touches 2 completed cities: 3 (farmer) + 1 (pig) + 1 (pig herd)
-- = 5 each: 10. The cities hold no knight.
-- JCZ asserts: Alice 10.
-- Players: 1 = Alice, 2 = Bob.
scenario "GQ11-JCZ-1: pig-herd-scoring.jcz: Alice 10" {
  game = "base", with = { "traders_builders", "gq11" }, players = 2, start = false,
}

setup {
  { "D", at = { 0, 0 } },
  { "E", at = { 0, -1 }, rot = 2, figure = { player = 1, on = "N" } },
}

stack { "gq.F", "E", "E" }
play "place gq.F 0,-2 r0"
play "deploy pig N"
play("place E 0,-3 r0", "pass")
play("place E 0,-4 r2", "pass")
expect.over()
expect.final { 10, 0 }
expect.ledger_final { { player = 1, points = 10, reason = "field" } }
