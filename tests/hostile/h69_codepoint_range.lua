-- hostile: limits. utf8.codepoint(s, 1, -1) decodes and pushes every
-- character: charged by the bytes of the range.
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = ("x"):rep(1 << 19)
  for i = 1, 1000 do local n = select("#", utf8.codepoint(s, 1, -1)) end
end)
