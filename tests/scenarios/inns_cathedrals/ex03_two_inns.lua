-- inns_cathedrals.md §7 IC-EX-03, §4.1: "one or more inns": two inns on
-- one completed road still give 2 per tile. Road: A at 0,0 (road S), the
-- straight inn road r1 at 0,1 (Red's thief), the curved inn road r1 at 0,2
-- (N-W), closed by A r3 (road E) at -1,2: 4 tiles: Red +8 (not 12 or 16).
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-03: two inns on one road: still 2 per tile" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
  { "ic.RFr.i", at = { 0, 1 }, rot = 1, figure = { player = 1, on = "N" } },
  { "ic.Rr.i", at = { 0, 2 }, rot = 1 },
}

expect.feature { at = { 0, 1 }, port = "N", tiles = 3, inn = 1 }
play("place A -1,2 r3", "pass")
expect.closed { at = { 0, 1 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 8, reason = "road" } }
expect.score { 8, 0 }
