-- hostile: state. A cycle in ctx.state would make the encoder recurse
-- forever outside the budget.
-- expect: error state cannot hold a cycle
state { n = 0 }
on("turn_begin", function(ctx)
  ctx.state.self = ctx.state
end)
