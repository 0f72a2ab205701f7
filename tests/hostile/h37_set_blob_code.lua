-- hostile: state. Writes Lua code into its own state blob, hoping the
-- host `load`s it with no limits at the next hook.
-- expect: error state text is malformed
state { n = 0 }
on("turn_begin", function(ctx)
  ctx.game:set_blob(1, "(function() while true do end end)()")
end)
