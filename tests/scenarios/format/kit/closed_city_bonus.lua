-- A rule script kept beside the scenarios that use it (format/with_relative.lua):
-- not a scenario itself, so `meeple test tests/scenarios/format` skips it.
expansion "closed_city_bonus" { requires = { "base" } }

transform("feature_points", function(ctx, feature, points)
  if feature:kind() == "city" and feature:closed() then return points + 1 end
  return points
end)
