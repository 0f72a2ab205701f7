-- hostile: one library call. table.move over 2^62 elements.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  table.move({}, 1, 1 << 62, 2)
end)
