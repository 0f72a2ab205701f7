-- inns_cathedrals.md §7 IC-EX-02, §4.1: an unfinished road with an inn
-- scores nothing at the end; one without an inn scores as in the base game.
-- Red: A at 0,0 (road S ends there), the inn road r1 at 0,1 with Red's
-- thief, U at 0,2 (open south): 3 tiles, an inn: 0 (3 without the inn).
-- Blue: U at 3,0 and U at 3,1 (a plain road, open both ways), Blue's
-- thief: 2.
-- Players: 1 = Red, 2 = Blue.
scenario "IC-EX-02: an unfinished inn road scores 0 at the end" {
  game = "base", with = { "inns_cathedrals" }, players = 2, start = false,
}

setup {
  { "A", at = { 0, 0 } },
  { "ic.RFr.i", at = { 0, 1 }, rot = 1, figure = { player = 1, on = "N" } },
  { "U", at = { 0, 2 } },
  { "U", at = { 3, 0 }, fixed = true, figure = { player = 2, on = "N" } },
  { "U", at = { 3, 1 } },
}

expect.feature { at = { 0, 1 }, port = "N", tiles = 3, inn = 1, value = 0, when = "final" }
expect.feature { at = { 3, 0 }, port = "N", tiles = 2, inn = 0, value = 2, when = "final" }
final()
expect.final { 0, 2 }
expect.points { player = 1, reason = "road", points = 0 }
expect.points { player = 2, reason = "road", points = 2 }
