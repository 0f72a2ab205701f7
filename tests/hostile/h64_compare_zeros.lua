-- hostile: limits. `<` on two long strings that start with '\0' runs
-- strcoll once per '\0': one instruction, milliseconds. No library call
-- to charge: the clock is read more often once a script holds long
-- strings, so the time limit holds.
-- expect: timeout time limit exceeded
-- time_limit: 500
on("turn_begin", function(ctx) local z = "\0" for i = 1, 20 do z = z .. z end local a, b = z .. "a", z .. "b" for i = 1, 1000000 do local lt = a < b end end)
