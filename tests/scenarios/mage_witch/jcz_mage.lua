-- JCloisterZone engine test engine-tests/mage-and-witch/mage.jcz
-- (farin/JCloisterZone-Client), converted: mage_witch.md §2, §4. JCZ tiles
-- -> ours: BA/RCr = D (the start, 0,0 r0; and at 2,0), BA/RFr = U (R0 =
-- our r1: U's road runs N-S), MW/CRRR.3 = mw.CRRR.3, BA/RRRR = X; JCZ
-- positions are ours (y grows south).
-- Alice's thief on U's road east of the start; Bob's magic tile west of
-- the start, and Bob puts the mage on the start's road (JCZ
-- MOVE_NEUTRAL_FIGURE mage.1 to 0,0 Road WE). Alice's D and Bob's X close
-- the road: 5 tiles, and 5 more for the mage. JCZ asserts: Alice 10.
-- Moves name a feature by its anchor (its first tile in reading order):
-- the road's is the magic tile's road E, segment 2, so the figure stands
-- there, on the same road as JCZ's.
-- Players: 1 = Alice, 2 = Bob.
scenario "MW-JCZ-1: mage.jcz: Alice 10" {
  game = "base", with = { "mage_witch" }, players = 2,
}

play("place U 1,0 r1", "deploy meeple E")
play "place mw.CRRR.3 -1,0 r0"
expect.phase "magic"
play "action magic 1 -1 0 2"
expect.figure { at = { -1, 0 }, spot = "E", kind = "mage" }
expect.feature { at = { 0, 0 }, port = "W", mage = 1 }
play "pass"
play("place D 2,0 r0", "pass")
play("place X 3,0 r0", "pass")
expect.closed { at = { 0, 0 }, port = "W" }
expect.ledger_last_turn { { player = 1, points = 10, reason = "road" } }
expect.figure { at = { -1, 0 }, spot = "E", kind = "mage", count = 0 }
expect.score { 10, 0 }
