-- hostile: limits. table.sort of long strings that share a long prefix:
-- each comparison walks the prefix; charged by the longest string.
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local prefix = ("\0"):rep(1 << 18)
  local t = {}
  for i = 1, 128 do t[i] = prefix .. string.char(i) end
  table.sort(t)
end)
