-- hostile: re-entrancy. The same from a veto, while the flow iterates
-- over the legal placements.
-- expect: error play:restore: not allowed inside an allow, collect or transform hook
allow("tile_placement", function(ctx, move)
  ctx.play:restore(ctx.play)
  return true
end)
