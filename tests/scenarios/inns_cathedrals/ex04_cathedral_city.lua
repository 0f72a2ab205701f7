-- inns_cathedrals.md §7 IC-EX-04, §4.2: a completed city with a cathedral
-- scores 3 per tile (and per pennant). The cathedral tile at 0,0 with
-- Red's knight; E caps pointing at it from the north (r2), east (r3) and
-- south (r0); Red closes it with E r1 at -1,0: 5 tiles, no pennant:
-- Red +15 (10 without the cathedral).
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-04: a completed cathedral city scores 3 per tile" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "ic.Cccc.c", at = { 0, 0 }, figure = { player = 1, on = "N" } },
  { "E", at = { 0, -1 }, rot = 2 },
  { "E", at = { 1, 0 }, rot = 3 },
  { "E", at = { 0, 1 }, rot = 0 },
}

expect.feature { at = { 0, 0 }, port = "N", kind = "city", cathedral = 1, tiles = 4, value = 0, when = "final" }
play("place E -1,0 r1", "pass")
expect.closed { at = { 0, 0 }, port = "N" }
expect.ledger_last_turn { { player = 1, points = 15, reason = "city" } }
expect.score { 15, 0 }
