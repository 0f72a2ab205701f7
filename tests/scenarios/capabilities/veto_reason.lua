-- docs/lua-api.md, Hooks, allow: a veto may say why, `return false,
-- "reason"`. The reason and the veto's line show in the message of an
-- illegal move and in expect.illegal; a veto without a reason still says
-- only "vetoed".
scenario "a veto gives its reason" {
  game = "base", players = 2,
}

script [[
  allow("tile_placement", function(ctx, move)
    if move.y < 0 then return false, "nothing north of the start tile" end
    return true
  end)
  allow("figure_placement", function(ctx, move)
    return move.at.feature:kind() ~= "field"
  end)
]]

-- the start tile D at 0,0: city N, road W-E, field S
stack { "F", "E" }
expect.illegal("place F 0,-1 r1", "vetoed: refused by an allow hook: nothing north of the start tile")
expect.illegal("place F 0,-1 r1", "(tests/scenarios/capabilities/veto_reason.lua:10)")
play "place F 0,1 r0"
-- the field veto gives no reason: the runner's plain words
expect.illegal("deploy meeple S", "vetoed: refused by the rules' scripts (an allow hook)")
