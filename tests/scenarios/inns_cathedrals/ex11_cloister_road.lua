-- inns_cathedrals.md §7 IC-EX-11, §1.1: the cloister on a road cuts it in
-- two; each half is its own road, so both take a thief, and the cloister a
-- monk. ic.LRFR at 0,0 with Red's thief on the west half; Blue places U
-- r1 (W-E) at 1,0 and may put a thief on the east half.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-11: the cloister on a road makes two roads" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "ic.LRFR", at = { 0, 0 }, figure = { player = 1, on = "W" } },
}

expect.free { at = { 0, 0 }, port = "E" }
expect.free { at = { 0, 0 }, port = "C" }
play { player = 1, "place U 1,0 r1" }
expect.legal "deploy meeple W"
expect.legal "deploy big W"
play "pass"
play { player = 2, "place U 2,0 r1", "deploy meeple E" }
expect.occupied { at = { 0, 0 }, port = "E", by = { 2 } }
expect.occupied { at = { 0, 0 }, port = "W", by = { 1 } }
