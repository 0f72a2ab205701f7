-- hostile: limits. `<` on two long strings that start with '\0' runs
-- strcoll once per '\0': one instruction, milliseconds. No library call
-- to charge: the clock is read more often once a script holds long
-- strings, so the time limit holds.
-- expect: error time limit exceeded
-- time_limit: 500
local a = ("\0"):rep(1 << 20) .. "a"
local b = ("\0"):rep(1 << 20) .. "b"
on("turn_begin", function(ctx)
  for i = 1, 1000000 do local lt = a < b end
end)
