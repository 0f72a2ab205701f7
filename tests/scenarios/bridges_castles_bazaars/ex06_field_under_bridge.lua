-- bridges_castles_bazaars.md §3 (a bridge does not cut the field),
-- §7 BCB-EX-06. As BCB-EX-05, but Red puts a farmer on the bridged tile's
-- west field: it is the east field too, and it runs on into both cloister
-- tiles' fields: one field of 3 tiles.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-06: the field under a bridge" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bazaar = false },
}

setup {
  { "A", at = { 0, 0 }, rot = 0 },
  { "A", at = { 0, 2 }, rot = 2, fixed = true },
}

draws { "B" }
play("place B-bns 0,1 r0", "deploy meeple W")
expect.occupied { at = { 0, 1 }, port = "E", by = { 1 } }
expect.occupied { at = { 0, 0 }, port = "NNW", by = { 1 } }
expect.occupied { at = { 0, 2 }, port = "SSE", by = { 1 } }
expect.feature { at = { 0, 1 }, port = "W", kind = "field", tiles = 3 }
