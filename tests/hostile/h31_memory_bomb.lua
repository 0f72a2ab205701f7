-- hostile: limits. Grows a table until the process runs out of memory.
-- expect: error memory cap exceeded
-- memory: 16
-- time_limit: 60000
-- (a generous clock: under ASan on a loaded machine, filling 16 MiB may
-- take over the default 2 s, and this test is about the memory cap)
on("turn_begin", function(ctx)
  local t = {}
  for i = 1, math.maxinteger do t[i] = { i, i, i } end
end)
