-- bridges_castles_bazaars.md §3, §7 BCB-EX-01: a bridge over a field.
-- Two straight roads (U) end two cells apart; Red draws a cloister tile (B)
-- and plays it bridged north-south between them: the road runs on over
-- the bridge, 3 tiles; the plain B leaves the stack; one bridge used.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-01: a bridge over a field" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bazaar = false },
}

setup {
  { "U", at = { 0, 0 } },
  { "U", at = { 0, 2 }, fixed = true },
}

stack { "B", "E" }
expect.phase "draw"
expect.legal "draw"
expect.legal "place B-bns 0,1 r0"
play "place B-bns 0,1 r0"
expect.tile_at { at = { 0, 1 }, id = "B-bns", rot = 0 }
expect.feature { at = { 0, 0 }, port = "N", kind = "road", tiles = 3 }
expect.counter { player = 1, counter = "bridges_used", value = 1 }
expect.stack { size = 1 }                           -- B went with its bridged tile
play "pass"
expect.phase "draw"                                 -- Blue may bridge E
play "draw"
expect.tile "E"
