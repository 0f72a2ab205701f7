-- hostile: re-entrancy. Plays a move from inside a hook.
-- expect: error cannot drive a play from one of its own hooks
on("turn_begin", function(ctx)
  ctx.play:random_move()
end)
