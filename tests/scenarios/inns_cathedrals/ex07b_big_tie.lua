-- inns_cathedrals.md §7 IC-EX-07b, §4.3: a large meeple (2) against two
-- thieves (2) is a tie: both score the full road. Road N-S: A at 0,0 (road
-- S ends there), U at 0,1 (Blue), U at 0,2 (Red's large meeple), U at 0,3
-- (Blue), closed by A r2 at 0,4: 5 tiles: Red +5, Blue +5.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-07b: a large meeple ties two thieves" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
  { "U", at = { 0, 1 }, figure = { player = 2, on = "N" } },
  { "U", at = { 0, 2 }, figure = { player = 1, kind = "big", on = "N" } },
  { "U", at = { 0, 3 }, figure = { player = 2, on = "N" } },
}

expect.occupied { at = { 0, 1 }, port = "N", by = { 1, 2, 2 } }
play("place A 0,4 r2", "pass")
expect.ledger_last_turn {
  { player = 1, points = 5, reason = "road" },
  { player = 2, points = 5, reason = "road" },
}
expect.score { 5, 5 }
