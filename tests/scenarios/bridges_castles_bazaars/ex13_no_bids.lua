-- bridges_castles_bazaars.md §5 (option bazaar_bids), §7 BCB-EX-13: no
-- bids. Red lays a bazaar tile; E and U are revealed; Blue chooses U (bid
-- 0 is the only one offered), Red gets E. Nobody pays. Blue's next tile is
-- U.
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-EX-13: bazaar_bids = none" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2,
  options = { bridges = false, bazaar_bids = "none" },
}

draws { "bb.F.b", "E", "U" }
play("place bb.F.b 0,1 r0", "pass")
expect.moves { "action bazaar_pick 2 1 0 0", "action bazaar_pick 2 2 0 0" }
play "action bazaar_pick 2 2 0 0"
expect.score { 0, 0 }
expect.tile "U"
play("place U 1,1 r0", "pass")
expect.tile "E"
