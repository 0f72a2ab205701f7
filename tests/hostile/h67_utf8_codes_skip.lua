-- hostile: limits. utf8.codes' iterator skips the continuation bytes after
-- the position it is given: called by hand at a position followed by 4 MiB
-- of them, each call scans them all. Charged by the bytes it skips.
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = "a" .. ("\x80"):rep(1 << 22)
  local step = utf8.codes("a")
  for i = 1, 1000 do step(s, 1) end
end)
