-- hostile: host objects. Reaches the Play's methods to replace `apply`.
-- expect: error attempt to index a boolean value
on("tile_drawn", function(ctx)
  getmetatable(ctx.play).__index.apply = nil
end)
