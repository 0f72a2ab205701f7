-- hostile: state. Writes Lua code into its own state blob, hoping the
-- host `load`s it with no limits when a hook next reads ctx.state (a
-- script's state is decoded only when a hook reads it).
-- expect: error state text is malformed
state { n = 0 }
on("turn_begin", function(ctx)
  local _ = ctx.state.n
  ctx.game:set_blob(1, "(function() while true do end end)()")
end)
