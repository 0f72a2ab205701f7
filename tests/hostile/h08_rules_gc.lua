-- hostile: host objects. Frees the rules every game of the process uses.
-- expect: error attempt to index a boolean value
on("turn_begin", function(ctx)
  local rules = ctx.game:rules()
  getmetatable(rules).__gc(rules)
end)
