-- hostile: limits. string.byte(s, 1, -1) pushes one value per byte.
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = ("x"):rep(1 << 19)
  for i = 1, 1000 do local n = select("#", s:byte(1, -1)) end
end)
