-- hostile: limits. A hook well inside its instruction budget that still
-- runs longer than the wall-clock limit (`meeple play --time-limit MS`).
-- expect: error time limit exceeded
-- time_limit: 1
on("turn_begin", function(ctx)
  local n = 0
  for i = 1, 3000000 do n = n + i end
end)
