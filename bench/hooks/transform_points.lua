-- Benchmark (#19): a feature_points transform asked about every scored
-- road and city, during play and at the end, the way Inns & Cathedrals'
-- inn and cathedral rules are; it reads the feature as they do (closed?
-- an attribute) and keeps the base game's points.
transform("feature_points", function(ctx, feature, points, args)
  if not feature:closed() and feature:attr("pennant") > 99 then return 0 end
  return points
end, { kinds = { "road", "city" } })
