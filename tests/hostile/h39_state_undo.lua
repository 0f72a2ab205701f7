-- hostile: state. Changes its state in place, then fails: the change must
-- not survive the undo (the runner checks every state blob).
-- expect: error boom
state { n = 0 }
on("tile_placed", function(ctx)
  ctx.state.n = ctx.state.n + 1
  if ctx.state.n > 3 then error("boom") end
end)
