-- hostile: numbers from Lua. A replayed event list with player =
-- math.mininteger (signed overflow in the 1-based shift).
-- expect: error replay: event 1: bad player
on("turn_begin", function(ctx)
  local g = ctx.game:clone()
  g:replay({ { event = "score", player = math.mininteger, points = 1, reason = "bonus" } })
end)
