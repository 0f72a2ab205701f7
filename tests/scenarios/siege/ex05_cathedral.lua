-- siege.md §7 example 5 (§3, §6 Inns & Cathedrals): a besieged city with a
-- cathedral scores 2 a tile (3 - 1).
-- The cathedral tile at 0,0 (open on four sides); caps close it: the
-- besieged si.be.CFR north, three E (the last one laid by the move).
-- 5 tiles, no pennant: 10 (15 unbesieged).
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-EX-5: a besieged cathedral city: 2 a tile" {
  game = "base", with = { "inns_cathedrals", "siege" }, players = 2, start = false,
}

setup {
  { "ic.Cccc.c", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "si.be.CFR", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 }, rot = 3 },
  { "E", at = { -1, 0 }, rot = 1 },
}
expect.feature { at = { 0, 0 }, port = "N", besieged = 1, cathedral = 1, tiles = 4 }
play("place E 0,1 r0", "pass")
expect.closed { at = { 0, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 10, reason = "city" } }
