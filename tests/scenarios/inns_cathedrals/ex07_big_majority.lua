-- inns_cathedrals.md §7 IC-EX-07, §4.3: the large meeple counts as two
-- followers for the majority, and the feature's points are not doubled.
-- City N-S: Red's large meeple on an E cap at 0,0 (cap N); G (r1: a band
-- N-S) at 0,-1; Blue's knight on the E cap (r2, cap S) at 0,-3. Red joins
-- them with a second G at 0,-2, closing the city: 4 tiles, 8 points; Red
-- 2 against Blue 1: Red +8, Blue 0.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-07: the large meeple beats one knight" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 1, kind = "big", on = "N" } },
  { "G", at = { 0, -1 }, rot = 1 },
  { "E", at = { 0, -3 }, rot = 2, fixed = true, figure = { player = 2, on = "S" } },
}

expect.occupied { at = { 0, 0 }, port = "N", by = { 1 } }
play { player = 1, "place G 0,-2 r1", "pass" }
expect.closed { at = { 0, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 8, reason = "city" } }
expect.score { 8, 0 }
expect.supply { player = 1, kind = "big", count = 1 }
expect.supply { player = 2, kind = "meeple", count = 7 }
