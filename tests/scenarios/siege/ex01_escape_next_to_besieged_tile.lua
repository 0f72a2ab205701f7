-- siege.md §7 example 1 (§5): a knight in a besieged city escapes through
-- a cloister next to the besieged tile, at the end of the turn that lays
-- the cloister. Not before: no cloister, no escape; and once, then the
-- phase ends.
-- Players: 1 = Red, 2 = Blue.
scenario "SIEGE-EX-1: escape through a cloister next to the besieged tile" {
  game = "base", with = { "siege" }, players = 2,
}

-- Red's knight in the besieged tile's city (joined to the start's cap,
-- open north and east).
play("place si.be.Ccc 0,-1 r1", "deploy meeple S")
expect.open { at = { 0, -1 }, port = "S" }
expect.supply { player = 1, kind = "meeple", count = 6 }
-- Blue lays a road: no escape phase for anybody (no cloister yet).
play("place U 1,0 r1", "pass")
expect.player(1)
expect.phase "place_tile"
-- Red lays a cloister west of the besieged tile: the escape is offered at
-- the end of this very turn, one move for the knight's spot, and pass.
play("place B -1,-1 r0", "pass")
expect.phase "escape"
expect.moves { "action escape 0 -1 1 0", "pass" }
play "action escape 0 -1 1 0"
expect.supply { player = 1, kind = "meeple", count = 7 }
expect.free { at = { 0, -1 }, port = "S" }
expect.player(2)
expect.score { 0, 0 }
