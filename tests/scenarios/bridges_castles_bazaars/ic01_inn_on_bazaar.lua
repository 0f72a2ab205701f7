-- bridges_castles_bazaars.md §1, §6, §7 BCB-IC-01: the inn on a bazaar tile
-- is an Inns & Cathedrals inn. The road of bb.R.bi ends at its inn; with
-- a cloister tile's road (A) below it, Red's thief completes a road of 2
-- tiles with an inn: 2 per tile, Red +4 (2 without I&C).
-- Players: 1 = Red, 2 = Blue.
scenario "BCB-IC-01: an inn on a bazaar tile doubles the road" {
  game = "base", with = { "inns_cathedrals", "bridges_castles_bazaars" }, players = 2,
  start = false, options = { bridges = false, bazaar = false },
}

setup { { "A", at = { 0, 1 }, rot = 2 } }

play("place bb.R.bi 0,0 r0", "deploy meeple S")
expect.feature { at = { 0, 0 }, port = "S", inn = 1, tiles = 2, closed = true }
expect.ledger_last_turn { { player = 1, points = 4, reason = "road" } }
