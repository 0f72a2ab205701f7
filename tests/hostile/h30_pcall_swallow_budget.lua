-- hostile: limits. Catches the budget error with pcall and goes on.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  for i = 1, 100 do
    pcall(function() while true do end end)
  end
end)
