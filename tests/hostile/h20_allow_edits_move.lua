-- hostile: hook results. A veto edits the move it is shown, to put the
-- meeple on a feature the flow did not list (two players stacked).
-- expect: same
allow("figure_placement", function(ctx, move)
  move.at = { tile = 1 }
  move.figure = "nothing"
  return true
end)
