-- hostile: limits. A plain endless loop in a hook.
-- budget: 1000000
-- expect: error instruction budget exceeded
on("tile_placed", function(ctx)
  while true do end
end)
