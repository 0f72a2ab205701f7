-- JCloisterZone engine test engine-tests/inns-and-cathedrals/inns-scoring.jcz
-- (farin/JCloisterZone-Client), converted: inns_cathedrals.md §7 IC-JCZ-1,
-- §4.1. JCZ tiles -> ours: BA/RCr = D (the start, 0,0 r0), IC/RRR.i =
-- ic.RRR.i, IC/RFr.i = ic.RFr.i, BA/RRR = W; JCZ positions are ours (y
-- grows south), rotations R0 = r0.
-- Alice's thief on the junction's inn road (east) runs W-E over the start
-- tile to W's junction: 3 tiles, an inn, completed by W: Alice +6 (2 x 3).
-- Bob's thief on the straight inn road at -2,0 continues into the
-- junction's west road (no inn there, but one inn is enough) and is open
-- to the west at the end (the save's endTurn 3): Bob 0.
-- JCZ asserts: Alice 6, Bob 0, Alice road 6, Bob road 0.
-- Players: 1 = Alice, 2 = Bob.
scenario "IC-JCZ-1: inns-scoring.jcz: Alice 6, Bob 0" {
  game = "base", with = { "inns_cathedrals" }, players = 2,
}

play("place ic.RRR.i -1,0 r0", "deploy meeple E")
play("place ic.RFr.i -2,0 r0", "deploy meeple W")
play("place W 1,0 r0", "pass")
expect.closed { at = { 0, 0 }, port = "W" }
expect.ledger_last_turn { { player = 1, points = 6, reason = "road" } }
expect.score { 6, 0 }
expect.open { at = { -2, 0 }, port = "W" }
expect.feature { at = { -2, 0 }, port = "W", inn = 1, tiles = 2, value = 0, when = "final" }
final()
expect.final { 6, 0 }
expect.points { player = 1, reason = "road", points = 6 }
expect.points { player = 2, reason = "road", points = 0 }
