-- base.md §3.1: a tile must share a full edge with a placed tile (a
-- corner is not enough), every touching edge must match, it may be
-- rotated freely.
scenario "tile placement: edges, corners and rotations" {
  game = "base", players = 2, start = false,
}

setup {
  { "E", at = { 0, 0 } },                 -- city N
}

expect.illegal("place E 1,1 r0", "touches no tile")    -- corner only
expect.illegal("place E 0,-1 r0", "side")               -- field meets city
expect.legal "place E 0,-1 r2"                          -- city meets city
expect.legal "place E 1,0 r0"                           -- field meets field
expect.illegal("place E 0,0 r0", "taken")
expect.illegal("place U 0,-1 r0", "side")               -- road meets city
expect.legal "place U 0,1 r1"
expect.legal "place U 0,1 r3"                           -- same as r1: symmetric
play "place U 0,1 r3"
expect.tile_at { at = { 0, 1 }, id = "U" }
