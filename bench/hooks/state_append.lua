-- Benchmark (#19): a turn_begin hook that appends one entry to a list in
-- its state every turn, so the state grows through the game (about 70
-- entries by its end). Measures a state written on every call.
state { log = {} }
on("turn_begin", function(ctx)
  local log = ctx.state.log
  log[#log + 1] = ctx.turn
end)
