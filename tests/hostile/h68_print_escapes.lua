-- hostile: output (issue 36). print sends a terminal escape sequence (a
-- screen clear) and a forged second line to the user's terminal; they
-- come out escaped, on one line. The game is unchanged.
-- expect: same
-- stderr_has: \x1b[2J\nfinal scores
on("turn_begin", function(ctx)
  if ctx.turn == 1 then print("\27[2J\nfinal scores") end
end)
