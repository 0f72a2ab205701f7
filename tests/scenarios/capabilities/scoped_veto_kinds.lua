-- docs/lua-api.md, Hooks, scoped vetoes: allow("tile_placement", fn,
-- { tiles = { "cloister" } }) names a kind: the veto is asked about the
-- tiles with a segment of that kind only. The house rule keeps a cloister
-- from the 8 cells around another; the veto would refuse any tile there,
-- but a tile without a cloister is never shown to it.
scenario "scoped veto: a kind names the tiles with such a segment" {
  game = "base", players = 2,
}

script [[
  allow("tile_placement", function(ctx, move)
    for dy = -1, 1 do
      for dx = -1, 1 do
        local th = ctx.game:tile_at(move.x + dx, move.y + dy)
        if th then
          for _, f in ipairs(th:features()) do
            if f:kind() == "cloister" then return false, "a cloister next to a cloister" end
          end
        end
      end
    end
  end, { tiles = { "cloister" } })
]]

-- the start tile D at 0,0: city N, road W-E, field S
stack { "B", "U", "U", "B" }
turn "place B 0,1 r0"
-- a straight road next to the cloister: not the veto's business (the
-- veto would refuse any tile there)
turn "place U 1,0 r1"
turn "place U 2,0 r1"
-- a second cloister next to the first: vetoed; further away it may go
expect.tile "B"
expect.illegal("place B 1,1 r0", "a cloister next to a cloister")
expect.legal "place B 2,1 r0"
