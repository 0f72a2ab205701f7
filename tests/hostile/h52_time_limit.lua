-- hostile: limits. A hook well inside its instruction budget that still
-- runs longer than the wall-clock limit (`meeple play --time-limit MS`):
-- each comparison of two equal 2 MiB strings is one instruction.
-- expect: error time limit exceeded
-- time_limit: 300
local a, b = ("x"):rep(1 << 21), ("x"):rep(1 << 21)
on("turn_begin", function(ctx) for i = 1, 1000000 do local eq = a == b end end)
