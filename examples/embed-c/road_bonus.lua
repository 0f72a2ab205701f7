-- House rule of the embedding example: a completed road earns 2 points
-- more than its tiles. (Unfinished roads at the end score as usual.)
transform("feature_points", function(ctx, feature, points)
  if feature:closed() then return points + 2 end
  return points
end, { kinds = { "road" } })
