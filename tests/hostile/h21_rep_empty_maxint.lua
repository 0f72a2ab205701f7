-- hostile: one library call. string.rep of the empty string
-- math.maxinteger times: no allocation, no instruction, hours of looping.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = string.rep("", math.maxinteger)
end)
