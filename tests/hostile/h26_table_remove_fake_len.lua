-- hostile: one library call. table.remove(t, 1) with a lying __len.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local t = setmetatable({}, { __len = function() return math.maxinteger >> 1 end })
  table.remove(t, 1)
end)
