-- hostile: host objects. Calls the game's __gc on the live game a hook
-- is shown, to free it under the host (use-after-free).
-- expect: error attempt to index a boolean value
on("turn_begin", function(ctx)
  local mt = getmetatable(ctx.game)
  mt.__gc(ctx.game)
end)
