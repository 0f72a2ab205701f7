-- hostile: host objects. Changes what every other hook sees through the
-- ctx metatable's __index.
-- expect: error attempt to index a boolean value
on("turn_begin", function(ctx)
  getmetatable(ctx).__index = function() return 0 end
end)
