-- House rule of the embedding example: a completed road earns 2 points
-- more than its tiles. (Unfinished roads at the end score as usual.)
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
transform("feature_points", function(ctx, feature, points)
  if feature:closed() then return points + 2 end
  return points
end, { kinds = { "road" } })
