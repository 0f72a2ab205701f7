-- JCloisterZone engine test engine-tests/hills-and-sheep/flock-inner-farm.jcz
-- (farin/JCloisterZone-Client), converted: hills_sheep.md §3.1, §3.3, §6.
-- JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), IC/CCCC = ic.CCCC
-- (four caps round an inner field). The token is the one JCZ drew.
-- Alice lays ic.CCCC north of the start and puts her shepherd on its
-- inner field, closed from the start: 3 sheep, scored at once.
-- JCZ asserts: Alice 3.
-- Players: 1 = Alice, 2 = Bob.
scenario "HS-JCZ-6: flock-inner-farm.jcz: Alice 3" {
  game = "base", with = { "inns_cathedrals", "hills_sheep" }, players = 2,
}

draws { "hs.sheep3", stack = "sheep" }
play("place ic.CCCC 0,-1 r0", "deploy shepherd C")
expect.ledger_last_turn { { player = 1, points = 3, reason = "flock" } }
expect.score { 3, 0 }
expect.supply { player = 1, kind = "shepherd", count = 1 }
