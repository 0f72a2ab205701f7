-- bridges_castles_bazaars.md §3, §7 BCB-EX-02: a placement only a bridge
-- allows. A road (U) ends at 0,0's south side. A city cap (E) has no
-- rotation whose north side is a road, but bridged west-east and turned
-- (the bridge runs north-south) its north end meets the road: the draw
-- phase offers it at 0,1, turned so (r1, r3). Drawn plainly, E cannot go
-- to 0,1 at all ("edge").
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-02: a placement only a bridge allows" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bazaar = false },
}

setup { { "U", at = { 0, 0 } } }

draws { "E" }
expect.moves { match = "^place E%-bwe 0,1 ", count = 2 }
expect.legal "place E-bwe 0,1 r1"
play "draw"
for r = 0, 3 do expect.illegal(("place E 0,1 r%d"):format(r), "edge") end
