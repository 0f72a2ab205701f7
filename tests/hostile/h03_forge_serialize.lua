-- hostile: host objects. Replaces `serialize` through a tile handle's
-- metatable, hoping every state digest becomes equal.
-- expect: error attempt to index a boolean value
on("tile_placed", function(ctx, tile)
  local mt = getmetatable(tile)
  mt.__index.info = function() return {} end
end)
