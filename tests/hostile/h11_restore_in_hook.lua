-- hostile: re-entrancy. Restores the play from inside its own hook (the
-- flow's state freed under it: use-after-free, double free).
-- expect: error play:restore: not allowed inside a hook
on("tile_placed", function(ctx)
  ctx.play:restore(ctx.play)
end)
