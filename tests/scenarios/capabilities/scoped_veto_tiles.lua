-- docs/lua-api.md, Hooks, scoped vetoes: allow("tile_placement", fn,
-- { tiles = { tags or attributes } }) is asked about those tiles only.
-- The veto keeps tiles with a pennant off the rows north of the start
-- tile; a tile without one is never shown to it, so it may go there.
scenario "scoped veto: a pennant tile never north of row 0" {
  game = "base", players = 2,
}

script [[
  allow("tile_placement", function(ctx, move)
    return move.y >= 0
  end, { tiles = { "pennant" } })
]]

-- the start tile D at 0,0: city N, road W-E, field S
stack { "F", "E", "U" }
-- F (a city band with a pennant) would close nothing north of D: vetoed
expect.illegal("place F 0,-1 r1", "vetoed")
-- south of D, it may go
turn "place F 0,1 r0"
-- E (a city cap, no pennant) is not the veto's business: north is fine
expect.tile "E"
turn "place E 0,-1 r2"
expect.feature { at = { 0, 0 }, port = "N", closed = true, tiles = 2 }
