-- bridges_castles_bazaars.md §3 (legality), §7 BCB-EX-03: a bridge end
-- must meet a road or an empty cell. A cloister tile's field (B at 0,0)
-- faces 0,1 from the north: the bridged cloister tile cannot lie there
-- north-south (its north end would meet the field); west-east, both ends
-- free, it can. A cap (E at 5,0 turned south) above 5,1 and a cloister
-- tile's field east of it: a bridged cap at 5,1 (city north onto the cap)
-- would end east on that field: not offered; the plain cap fits.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-03: a bridge end must meet a road" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2, start = false,
  options = { bazaar = false },
}

setup {
  { "B", at = { 0, 0 } },
  { "E", at = { 5, 0 }, rot = 2, fixed = true },     -- city S, onto 5,1
  { "B", at = { 6, 1 }, fixed = true },              -- a field east of 5,1
}

draws { "B", "E" }
expect.moves { match = "^place B%-bns 0,1 r0", count = 0 }
expect.legal "place B-bwe 0,1 r0"
play("draw", "place B 0,1 r0", "pass")
expect.phase "draw"
expect.moves { match = "^place E%-bwe 5,1 ", count = 0 }
play "draw"
expect.legal "place E 5,1 r0"
