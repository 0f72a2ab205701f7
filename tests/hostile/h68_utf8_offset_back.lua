-- hostile: limits. utf8.offset(s, 0, i) walks back over continuation bytes
-- to the start of a character: the whole string here. Charged by them.
-- expect: error instruction budget exceeded
on("turn_begin", function(ctx)
  local s = "a" .. ("\x80"):rep(1 << 22)
  for i = 1, 1000 do local p = utf8.offset(s, 0, #s) end
end)
