-- base.md §1 setup: the start tile (a D) face up in the middle, the other
-- 71 tiles in the draw stack, 7 followers in each player's supply; the
-- first player begins by drawing (§2 step 1).
scenario "the base setup: start tile, 71 tiles, 7 meeples each" {
  game = "base", players = 3,
}

expect.tile_at { at = { 0, 0 }, id = "D", rot = 0 }
expect.player(1)
expect.turn(1)
expect.phase "place_tile"
expect.stack { size = 70 }          -- 71, one of them in hand
expect.supply { player = 1, count = 7 }
expect.supply { player = 2, count = 7 }
expect.supply { player = 3, count = 7 }
expect.score { 0, 0, 0 }
play "place U 0,1 r1"               -- road W-E, north field under the D's south field
