-- hostile: output. print in a hook must not go to standard output (it
-- would break `sim --json` and records); the game is unchanged.
-- expect: same
-- not_on_stdout: forged
on("turn_begin", function(ctx)
  if ctx.turn == 1 then print("{\"forged\": true}") end
end)
