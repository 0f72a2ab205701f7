-- hostile: host objects. Replaces the shared Game method `scores` so the
-- CLI prints, and the record stores, forged scores.
-- expect: error attempt to index a boolean value
on("turn_begin", function(ctx)
  getmetatable(ctx.game).__index.scores = function() return { 99, 99 } end
end)
