-- inns_cathedrals.md §7 IC-EX-10, §1.1, §4.1: on the junction tile the inn
-- belongs to the east road only. ic.RRR.i at 0,0: Red's thief on the west
-- road, Blue's on the east (inn) road. Red closes the west road with A r3
-- (road E) at -1,0: 2 tiles, no inn: Red +2. Blue closes the east road with
-- A r1 (road W) at 1,0: 2 tiles with the inn: Blue +4.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-10: the junction's inn counts on its own road only" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "ic.RRR.i", at = { 0, 0 }, figures = { { player = 1, on = "W" }, { player = 2, on = "E" } } },
}

expect.feature { at = { 0, 0 }, port = "W", inn = 0 }
expect.feature { at = { 0, 0 }, port = "E", inn = 1 }
expect.feature { at = { 0, 0 }, port = "S", inn = 0 }
play("place A -1,0 r3", "pass")
expect.ledger_last_turn { { player = 1, points = 2, reason = "road" } }
play("place A 1,0 r1", "pass")
expect.ledger_last_turn { { player = 2, points = 4, reason = "road" } }
expect.score { 2, 4 }
