-- hostile: state. Puts a function into ctx.state: state is data only.
-- expect: error state cannot hold a function
state { n = 0 }
on("turn_begin", function(ctx)
  ctx.state.f = function() end
end)
