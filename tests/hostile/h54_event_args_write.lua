-- hostile: hook arguments. An on-hook rewrites the event's arguments
-- (the nested leaders list too) so that the hooks after it see another
-- scoring: every table it is given is a read-only view.
-- expect: error a hook's arguments are read-only (cannot set 'when')
on("feature_scored", function(ctx, feature, args)
  local ok = pcall(function() args.leaders[1] = 2 end)
  assert(not ok, "the nested list is read-only too")
  assert(getmetatable(args) == false and rawget(args, "when") == nil)
  local n = 0
  for _ in pairs(args) do n = n + 1 end
  assert(n > 0 and #args.leaders >= 0, "views read through")
  args.when = "final"
end)
