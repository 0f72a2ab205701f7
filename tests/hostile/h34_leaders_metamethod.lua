-- hostile: limits in host code. A feature_points transform returns
-- leaders whose __len loops: read raw, it names no leader.
-- expect: ok
transform("feature_points", function(ctx, feature, value)
  return value, setmetatable({}, { __len = function() while true do end end })
end)
