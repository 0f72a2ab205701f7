-- hostile: one library call. A 1 TiB string.rep: the size is checked
-- against the memory cap before any byte is copied.
-- expect: error memory cap exceeded
on("turn_begin", function(ctx)
  local s = ("x"):rep(1 << 40)
end)
