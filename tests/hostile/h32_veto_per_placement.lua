-- hostile: limits. A veto that spends almost its whole budget on every
-- legal placement: the turn budget stops it (a minute per game before).
-- expect: error turn budget exceeded
-- budget: 400000
-- turn_budget: 1000000
allow("tile_placement", function(ctx, move)
  local n = 0
  for i = 1, 150000 do n = n + i end
  return true
end)
