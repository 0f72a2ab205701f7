-- hostile: hook results. A veto edits the move it is shown, to put the
-- meeple on a feature the flow did not list (two players stacked): the
-- move is a read-only view, so the write itself fails at its line.
-- expect: error a hook's arguments are read-only (cannot set 'at')
allow("figure_placement", function(ctx, move)
  move.at = { tile = 1 }
  move.figure = "nothing"
  return true
end)
