-- hostile: limits. A plain endless loop in a hook.
-- expect: error instruction budget exceeded
on("tile_placed", function(ctx)
  while true do end
end)
