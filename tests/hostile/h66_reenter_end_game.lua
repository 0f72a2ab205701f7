-- hostile: re-entry (issue 36). Ends the game from inside a scoring.
-- expect: error play:end_game: not allowed inside a hook
on("feature_scored", function(ctx)
  ctx.play:end_game()
end)
