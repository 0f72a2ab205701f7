-- docs/tiles.md §3.2: `oriented` keeps all four rotations of a tile as
-- placements of their own. Two all-field tiles that look the same: the
-- meadow (plain) is listed at r0 alone on each cell, the signpost
-- (oriented: its printed sign points somewhere) at r0, r1, r2 and r3, and
-- the turn it was laid in is the one the board keeps.
scenario "oriented: an all-field tile is placed in any of its four turns" {
  game = "base", players = 2,
}
tiles { file = "signs.tiles" }

-- the start tile D at 0,0: city N, road W-E, field S; south of it only
-- an all-field side fits
stack { "MEADOW", "SIGN" }
expect.moves { match = "^place MEADOW 0,1 ", count = 1 }
expect.legal "place MEADOW 0,1 r0"
turn "place MEADOW 0,1 r0"
expect.tile "SIGN"
expect.moves { match = "^place SIGN 0,2 ", count = 4 }
expect.legal "place SIGN 0,2 r1"
expect.legal "place SIGN 0,2 r2"
expect.legal "place SIGN 0,2 r3"
turn "place SIGN 0,2 r3"
expect.tile_at { at = { 0, 2 }, id = "SIGN", rot = 3 }
