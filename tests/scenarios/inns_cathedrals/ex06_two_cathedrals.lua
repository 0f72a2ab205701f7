-- inns_cathedrals.md §7 IC-EX-06, §4.2: "one or both cathedrals": a city
-- with both scores 3 per tile, not more. The two cathedral tiles at 0,0
-- (Red's knight) and 1,0; six E caps close them: north of each (r2), south
-- of each (r0), west (r1) and, played last by Red, east (r3 at 2,0):
-- 8 tiles: Red +24.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-06: both cathedrals in one city: 3 per tile" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "ic.Cccc.c", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "ic.Cccc.c", at = { 1, 0 } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, -1 }, rot = 2 },
  { "E", at = { 0, 1 }, rot = 0 },
  { "E", at = { 1, 1 }, rot = 0 },
  { "E", at = { -1, 0 }, rot = 1 },
}

expect.feature { at = { 0, 0 }, port = "N", tiles = 7, cathedral = 1 }
play("place E 2,0 r3", "pass")
expect.closed { at = { 0, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 24, reason = "city" } }
expect.score { 24, 0 }
