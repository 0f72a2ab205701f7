-- hostile: re-entry (issue 36). Scores the feature again from inside its
-- own scoring: a road paid 120 and deeper re-entry overflowed the C stack.
-- expect: error play:score_feature: not allowed inside a hook
on("feature_scored", function(ctx, feature)
  ctx.play:score_feature(feature, "closed")
end)
