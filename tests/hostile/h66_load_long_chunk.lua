-- hostile: limits. load() reads every byte of its chunk (here one long
-- comment, no allocation): charged by the chunk's length.
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local code = "--" .. ("x"):rep(1 << 22)
  for i = 1, 1000 do local f = load(code) end
end)
