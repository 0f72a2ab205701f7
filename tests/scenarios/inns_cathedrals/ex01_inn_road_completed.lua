-- inns_cathedrals.md §7 IC-EX-01, §4.1: a completed road with an inn
-- scores 2 per tile. Road N-S: A at 0,0 (road S ends at its cloister), the
-- straight inn road (r1: N-S) at 0,1 with Red's thief, closed by A (r2:
-- road N) at 0,2: 3 tiles: Red +6 (3 without the inn).
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-01: a completed inn road scores 2 per tile" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
  { "ic.RFr.i", at = { 0, 1 }, rot = 1, figure = { player = 1, on = "N" } },
}

expect.feature { at = { 0, 1 }, port = "N", kind = "road", inn = 1, tiles = 2 }
play("place A 0,2 r2", "pass")
expect.closed { at = { 0, 1 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 6, reason = "road" } }
expect.score { 6, 0 }
expect.supply { player = 1, kind = "meeple", count = 7 }
