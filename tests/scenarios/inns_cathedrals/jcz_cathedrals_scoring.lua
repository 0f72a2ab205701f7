-- JCloisterZone engine test engine-tests/inns-and-cathedrals/cathedrals-scoring.jcz
-- (farin/JCloisterZone-Client), converted: inns_cathedrals.md §7 IC-JCZ-2,
-- §4.2. JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0, cap N),
-- IC/Cccc.c = ic.Cccc.c, BA/CFC.2 = H (caps N and S), BA/C = E (cap N);
-- JCZ positions are ours (y grows south), R90 = r1.
-- Alice's cathedral at 0,-1 joins the start's cap; H north of it, H (r1,
-- caps W and E) east of it and E (r1, cap E) west of it close the city:
-- D, the cathedral, H, H, E = 5 tiles, no pennant: Alice +15 (3 x 5).
-- Bob's cathedral at 2,-1 joins the east cap of H at 1,-1 and is open at
-- the end (the save's endTurn 5): Bob 0.
-- JCZ asserts: Alice 15, Bob 0, Alice city 15, Bob city 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "IC-JCZ-2: cathedrals-scoring.jcz: Alice 15, Bob 0" {
  game = "base", with = { "inns_cathedrals" }, players = 2,
}

play("place ic.Cccc.c 0,-1 r0", "deploy meeple N")
play("place H 0,-2 r0", "pass")
play("place H 1,-1 r1", "pass")
play("place ic.Cccc.c 2,-1 r0", "deploy meeple N")
play("place E -1,-1 r1", "pass")
expect.closed { at = { 0, -1 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 15, reason = "city" } }
expect.score { 15, 0 }
expect.open { at = { 2, -1 }, port = "W" }
final()
expect.final { 15, 0 }
expect.points { player = 1, reason = "city", points = 15 }
expect.points { player = 2, reason = "city", points = 0 }
