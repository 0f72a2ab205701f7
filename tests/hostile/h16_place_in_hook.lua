-- hostile: re-entrancy. Places a tile on the board from a hook, behind
-- the flow's back.
-- expect: error place: not allowed inside a hook
on("tile_placed", function(ctx)
  ctx.game:place_fixed("D", 50, 50, 0)
end)
