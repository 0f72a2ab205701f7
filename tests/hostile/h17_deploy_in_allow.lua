-- hostile: re-entrancy. Deploys a figure while the flow iterates the
-- deploy moves it asked the veto about.
-- expect: error deploy: not allowed inside an allow, collect or transform hook
allow("figure_placement", function(ctx, move)
  ctx.game:deploy(1, "meeple", move.at)
  return true
end)
