-- hostile: one library call. A loop of 16 MiB string.rep calls: few
-- instructions, hours of copying, unless every byte is charged.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  for i = 1, 1000000 do
    local s = string.rep("y", 16 << 20)
  end
end)
