-- hostile: one library call. table.insert at position 1 of a table whose
-- __len claims 2^62 elements: Lua shifts them all, in C.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local t = setmetatable({}, { __len = function() return 1 << 62 end })
  table.insert(t, 1, "x")
end)
