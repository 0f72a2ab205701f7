-- bridges_castles_bazaars.md §3, §7 BCB-EX-02 (continued): the bridged
-- cap placed at 0,1 below the road's end: the road goes on over the
-- bridge (2 tiles, open at the south end), the cap is its own city.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-02b: the road goes on over the bridge" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bazaar = false },
}

setup { { "U", at = { 0, 0 } } }

draws { "E" }
play "place E-bwe 0,1 r1"
expect.feature { at = { 0, 0 }, port = "N", kind = "road", tiles = 2, closed = false }
expect.feature { at = { 0, 1 }, port = "E", kind = "city", tiles = 1 }
expect.counter { player = 1, counter = "bridges_used", value = 1 }
