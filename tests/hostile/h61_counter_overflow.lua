-- hostile: arithmetic (issue 36). A counter pushed past any score: it was
-- clamped silently at 2^31 - 1; now refused at the limit, naming the
-- line and the value.
-- expect: error counter_add: player 1's 'gold' would be 1001000000, beyond the limit of +-1000000000
counter "gold"
on("turn_begin", function(ctx)
  for _ = 1, 2200 do ctx.game:add_counter(1, "gold", 1000000) end
end)
