-- hostile: limits. string.upper copies its whole string: charged by the
-- size of the string it makes.
-- budget: 2000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = ("x"):rep(1 << 20)
  for i = 1, 1000 do local t = s:upper() end
end)
