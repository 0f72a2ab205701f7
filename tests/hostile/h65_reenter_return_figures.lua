-- hostile: re-entry (issue 36). Sends a feature's figures home from
-- inside its scoring.
-- expect: error play:return_figures: not allowed inside a hook
on("feature_scored", function(ctx, feature)
  ctx.play:return_figures(feature)
end)
