-- hostile: re-entrancy. Lists the legal moves while the flow is listing
-- them (the flow's move buffer reused under it).
-- expect: error play:moves: not allowed inside
allow("figure_placement", function(ctx, move)
  return #ctx.play:moves() > 0
end)
