-- hostile: host objects. A feature handle's metatable, to make every
-- feature report itself closed.
-- expect: error attempt to index a boolean value
on("feature_scored", function(ctx, feature)
  getmetatable(feature).__index.closed = function() return true end
end)
