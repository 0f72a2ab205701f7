-- hostile: one library call. The same through gsub's method form.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = ("ab"):rep(3000)
  local r = s:gsub("a.-a.-a.-a.-c", "")
end)
