-- hostile: re-entrancy. Copies the play in the middle of a move.
-- expect: error play:clone: not allowed inside
collect("place_figure", function(ctx)
  ctx.play:clone()
  return {}
end)
