-- The scenario format itself (docs/scenarios.md): inline tiles in the
-- tile notation, drawn and placed like any other; an inline house rule.
scenario "format: inline tiles and an inline house rule" {
  game = "base", players = 2, start = false,
}

tiles [[
  tile T1 x2                   # an E with a pennant
    city N* pennant
    field E* S* W* touches city
]]

script [[
  -- a house rule: every closed city is worth 1 more
  transform("feature_points", function(ctx, feature, points)
    if feature:kind() == "city" and feature:closed() then return points + 1 end
    return points
  end)
]]

setup {
  { "T1", at = { 0, 0 }, figure = { player = 1, on = "N" } },
}

expect.feature { at = { 0, 0 }, port = "N", pennant = 1 }
turn "place T1 0,-1 r2"              -- 2 tiles + 2 pennants = 8, + 1
expect.score { 9, 0 }
expect.player(2)
-- points: the formula alone; value: what scoring pays, with the house rule
expect.feature { at = { 0, 0 }, port = "N", closed = true, points = 8, value = 9 }
