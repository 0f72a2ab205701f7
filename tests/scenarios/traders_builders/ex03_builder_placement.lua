-- traders-builders.md §7 TB-EX-03 (builder placement), §3.1: the builder
-- goes instead of a follower on a road or city segment of the tile just
-- placed, only where one of your own followers already is; never on a
-- field; other players' figures do not matter; 0 points.
-- Players: 1 = You, 2 = Blue.
scenario "TB-EX-03: a builder joins your own thief; refused without one" {
  game = "base", with = { "traders_builders" }, players = 2, start = false,
}

setup {
  { "U", at = { 0, 0 }, figure = { player = 1, kind = "meeple", on = "N" } },  -- your thief
}

play "place U 0,-1 r0"                 -- extends your thief's road
expect.legal "deploy builder N"        -- your thief is in the feature
expect.illegal "deploy builder E"      -- a field: never a builder
play "deploy builder N"
expect.score { 0, 0 }
expect.occupied { at = { 0, 0 }, port = "N", by = { 1, 1 } }
expect.supply { player = 1, kind = "builder", count = 0 }
-- the builder came with this tile, it was not on the road when the tile
-- went down: no second tile (§2.1)
expect.player(2)
expect.part(1)

-- Blue extends the same road: Blue has no follower there, so no builder.
play "place U 0,1 r0"
expect.illegal "deploy builder N"
expect.legal "deploy meeple E"         -- a farmer is fine
play "pass"
-- Blue's tile extended *your* builder's road: that gives Blue nothing
expect.player(1)
expect.part(1)
expect.score { 0, 0 }
