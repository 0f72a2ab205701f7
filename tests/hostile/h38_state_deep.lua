-- hostile: state. A state nested 100000 tables deep: the host's encoder
-- would overflow the C stack.
-- expect: error state is nested deeper than
state { n = 0 }
on("turn_begin", function(ctx)
  local t = {}
  for i = 1, 100000 do t = { t } end
  ctx.state.deep = t
end)
