-- inns_cathedrals.md §7 IC-EX-05, §3 [FAQ], §4.2: a cathedral may be
-- placed into another player's city; left unfinished it scores nothing.
-- Blue's knight on an E cap at 0,0 (r0, cap N). Red places the cathedral
-- tile north of it (0,-1), joining Blue's city, and deploys nothing (the
-- city is Blue's). At the end the city (2 tiles, open) pays Blue 0
-- instead of 2.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-05: a cathedral in another player's city zeroes it" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 }, figure = { player = 2, on = "N" } },
}

expect.feature { at = { 0, 0 }, port = "N", value = 1, when = "final" }
expect.legal "place ic.Cccc.c 0,-1 r0"
play "place ic.Cccc.c 0,-1 r0"
-- the tile is one city, Blue's: no figure can stand on it, so the figure
-- step is skipped and Blue is to move
expect.player(2)
expect.feature { at = { 0, 0 }, port = "N", tiles = 2, cathedral = 1, value = 0, when = "final" }
final()
expect.final { 0, 0 }
expect.points { player = 2, reason = "city", points = 0 }
