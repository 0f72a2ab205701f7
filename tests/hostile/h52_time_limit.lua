-- hostile: limits. A hook well inside its instruction budget that still
-- runs longer than the wall-clock limit (`meeple play --time-limit MS`):
-- each comparison of two equal 2 MiB strings is one instruction.
-- expect: timeout time limit exceeded
-- time_limit: 300
on("turn_begin", function(ctx) local a, b = "x", "x" for i = 1, 21 do a, b = a .. a, b .. b end for i = 1, 1000000 do local eq = a == b end end)
