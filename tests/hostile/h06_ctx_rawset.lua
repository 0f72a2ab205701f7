-- hostile: host objects. rawset bypasses ctx's __newindex.
-- expect: error rawset: the table is protected
on("turn_begin", function(ctx)
  rawset(ctx, "player", 2)
end)
