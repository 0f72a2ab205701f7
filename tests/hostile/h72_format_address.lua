-- hostile: determinism (issue 36 §7). string.format("%p") prints an
-- address, different in every process; a game that scores by its digits
-- diverges on replay. It is refused.
-- expect: error '%p' shows a memory address
on("turn_begin", function(ctx)
  local s = string.format("%p", {})
  ctx:score(1, tonumber(s:sub(-1), 16) or 0, "bonus")
end)
