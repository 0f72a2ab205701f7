-- hostile: hook arguments. A transform that adds itself to the leaders
-- of the feature it is shown, in place, without returning them: the
-- event's arguments and their leaders are read-only views.
-- expect: error a hook's arguments are read-only (cannot set '[
transform("feature_points", function(ctx, feature, points, args)
  local leaders = args.leaders
  leaders[#leaders + 1] = 2
  return points
end)
