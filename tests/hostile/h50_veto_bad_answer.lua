-- hostile: hook results. A deploy veto that answers with a table whose
-- __eq claims false: only `false` itself vetoes, so the game is unchanged.
-- expect: same
allow("figure_placement", function(ctx, move)
  return setmetatable({}, { __eq = function() return true end })
end)
