-- hostile: hook results. A collect hook offers deploys onto features that
-- already hold a figure, skipping the occupancy rule: two players'
-- meeples stacked on one city.
-- expect: error collect: a meeple may not stand on that feature
collect("place_figure", function(ctx)
  local out = {}
  for _, f in ipairs(ctx.game:placed_figures()) do
    out[#out + 1] = { type = "deploy", figure = "meeple", at = f:info().at }
  end
  return out
end)
