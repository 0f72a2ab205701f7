-- hostile: limits. A hook that runs past its time limit once, on its
-- third call (a later turn: a game started again would start its locals
-- again too), and is fast after: whether that call ends in time depends
-- on the machine. A host that catches the failure and tries the move
-- again must not get a game that goes on (it would be a game another
-- machine never plays): the sandbox is spent, every later call fails with
-- the same message, and meeple exits 3. Each comparison of two equal
-- 2 MiB strings is one instruction: the budget never fires first.
-- expect: timeout time limit exceeded
-- time_limit: 300
local calls = 0
on("turn_begin", function(ctx)
  calls = calls + 1
  if calls ~= 3 then return end
  local a, b = "x", "x"
  for i = 1, 21 do a, b = a .. a, b .. b end
  for i = 1, 1000000 do local eq = a == b end
end)
