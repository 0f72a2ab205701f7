-- hostile: determinism. A global counter that survives from game to game
-- in one process would make `sim --jobs 1` and `--jobs 2` differ.
-- expect: error assignment to global
seen = 0
on("turn_begin", function(ctx)
  seen = seen + 1
end)
