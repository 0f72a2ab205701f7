-- hostile: limits. utf8.len scans its string and makes nothing: charged
-- by the bytes it reads.
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = ("\xc3\xa9"):rep(1 << 21)
  for i = 1, 1000 do local n = utf8.len(s) end
end)
