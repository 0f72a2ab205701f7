-- hostile: limits. `..` of two 1 MiB strings is one VM instruction that
-- copies 2 MiB; every long string a script makes is charged by its size.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = "x"
  for i = 1, 20 do s = s .. s end
  for i = 1, 100 do local t = s .. s end
end)
