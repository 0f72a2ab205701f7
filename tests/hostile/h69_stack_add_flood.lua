-- hostile: work driven by data (issue 36). Adds 10,000 tiles a turn: a
-- game of millions of turns, with no hook to charge for them. The game's
-- tiles (stacks and board) are held to GK_MAX_GAME_TILES.
-- expect: error more than 10000 (stacks and board)
on("turn_begin", function(ctx)
  ctx.game:stack_add("main", "D", 10000)
end)
