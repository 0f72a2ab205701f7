-- bridges_castles_bazaars.md §3 (a bridge is a road), §7 BCB-EX-05. Two
-- cloister tiles whose roads end at their cloisters (A) face each other
-- two cells apart; Red plays B bridged between them and puts a thief on
-- the bridge: a road of 3 tiles, closed at both cloisters: Red +3.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-05: a thief on a bridge" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bazaar = false },
}

setup {
  { "A", at = { 0, 0 }, rot = 0 },                   -- road S
  { "A", at = { 0, 2 }, rot = 2, fixed = true },     -- road N
}

draws { "B" }
play("place B-bns 0,1 r0", "deploy meeple N")
expect.closed { at = { 0, 1 }, port = "S" }
expect.ledger_last_turn { { player = 1, points = 3, reason = "road" } }
expect.score { 3, 0 }
