-- JCloisterZone engine test
-- engine-tests/bridge-bazaar-and-castles/castle-not-affected-by-corn-circles.jcz
-- (farin/JCloisterZone-Client), converted: bridges_castles_bazaars.md §7
-- BCB-JCZ-3. In the save Alice makes a castle (BA/C = E at 0,-1, R180 =
-- r2, closing the start's city with her knight), then lays a corn-circle
-- tile (CC.1/Cc.1, a city cap) at 1,-1 and chooses "remove a follower":
-- the castle's knight is not a follower on a feature, so nothing is
-- removed and the game waits for the next tile. meeple has no corn
-- circles: the fact kept is that the castle's knight stays through the
-- next turn and the game goes on to the next tile. E at 1,-1 r1 stands for
-- the corn-circle cap; Bob lays it (meeple plays 2 or more).
-- JCZ asserts: phase is TilePhase.
-- Players: 1 = Alice, 2 = Bob.
scenario "BCB-JCZ-3: castle-not-affected-by-corn-circles.jcz: the game goes on" {
  game = "base", with = { "bridges_castles_bazaars" }, players = 2,
  options = { bridges = false, bazaar = false },
}

play("place E 0,-1 r2", "deploy meeple S")
play "action castle 1 0 -1 1"
play("place E 1,-1 r1", "pass")
expect.phase "place_tile"
expect.player(1)
expect.supply { player = 1, kind = "meeple", count = 6 }  -- the knight on the castle
expect.free { at = { 0, 0 }, port = "N" }
expect.score { 0, 0 }
