-- hostile: limits in host code. An event list whose __len claims 2^62
-- entries (a huge allocation, or a truncated count).
-- expect: same
on("turn_begin", function(ctx)
  local g = ctx.game:clone()
  g:replay(setmetatable({}, { __len = function() return 1 end,
                              __index = function() return { event = "turn" } end }))
end)
