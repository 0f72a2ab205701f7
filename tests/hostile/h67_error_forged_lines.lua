-- hostile: output (issue 36). An error message that spans lines forges
-- the CLI's output: a fake "final scores" block under the real error.
-- Made one line, its control characters escaped.
-- expect: error boom\nfinal scores\n  player 1: 999 *\x1b[2J
on("turn_begin", function(ctx)
  if ctx.turn == 3 then error("boom\nfinal scores\n  player 1: 999 *\27[2J") end
end)
