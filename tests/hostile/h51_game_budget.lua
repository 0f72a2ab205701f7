-- hostile: limits. A hook that is cheap on each call but runs every turn:
-- the game budget (`meeple play --game-budget N`) stops the game.
-- expect: error game budget exceeded
-- game_budget: 2000000
on("turn_begin", function(ctx)
  local n = 0
  for i = 1, 20000 do n = n + i end
end)
