-- docs/lua-api.md, move_anywhere: the house rule of its example, with a
-- pennant tile for the well. A pennant tile sends the scout (a neutral
-- figure) to any unfinished road, and a road holding it scores 2 more;
-- its move names the road's anchor (its first segment in reading order).
scenario "move_anywhere: a scout sent to any road" {
  game = "base", players = 2,
}

script [[
  figure "scout" { neutral = 1, on = {}, strength = 0 }
  attribute "scouted" { merge = "sum" }
  action "scout" { args = { "figure", "x", "y", "segment" } }
  phase "scout" { after = "place_tile" }
  move_anywhere "scout" { phase = "scout", figures = { "scout" }, on = { "road" },
                          tiles = { "pennant" }, marks = { "scouted" } }
  transform("feature_points", function(ctx, f, points) return points + 2 end,
            { kinds = { "road" }, attrs = { "scouted" } })
]]

-- the start tile D at 0,0: city N, road W-E (segment 2), fields
stack { "U", "C" }
-- a straight road east: no pennant, no scout move
play("place U 1,0 r1", "deploy meeple E")   -- on the road
expect.phase "place_tile"
-- a pennant city north: the scout must go to the only road, named by its
-- anchor on 0,0 (no pass)
play("place C 0,-1 r0")
expect.phase "scout"
expect.illegal("pass", "phase")
play("action scout 1 0 0 2", "pass")
expect.over()
-- the road of 2 tiles, Alice's: 2, and 2 for the scout
expect.ledger_final { { player = 1, points = 4, reason = "road" } }
