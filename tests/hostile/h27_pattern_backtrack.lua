-- hostile: one library call. A pattern with several `.-` on a long
-- subject backtracks for hours inside one string.find call.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = ("a"):rep(5000)
  s:find(".-.-.-.-.-.-b")
end)
