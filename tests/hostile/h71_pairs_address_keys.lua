-- hostile: determinism (issue 36 §7). pairs over a table keyed by tables
-- visits them in the order of their addresses, which differ from process
-- to process: a game scored by that order replays differently. pairs
-- refuses such a table, naming the key's type.
-- expect: error a key is a table, and such keys have no order
on("turn_begin", function(ctx)
  local set = {}
  for i = 1, 8 do set[{ n = i }] = i end
  for k, v in pairs(set) do ctx:score(1, v, "bonus") break end
end)
