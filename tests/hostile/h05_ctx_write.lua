-- hostile: host objects. Swaps ctx.game for a fake that the next hook
-- (in this or another script) would read.
-- expect: error ctx is read-only
on("turn_begin", function(ctx)
  ctx.game = { scores = function() return { 99 } end }
end)
