-- hostile: limits. Grows a table until the process runs out of memory.
-- expect: error memory cap exceeded
-- memory: 16
on("turn_begin", function(ctx)
  local t = {}
  for i = 1, math.maxinteger do t[i] = { i, i, i } end
end)
