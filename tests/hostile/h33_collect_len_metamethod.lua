-- hostile: limits in host code. A collect hook returns a list whose
-- __index and __len never end; the host reads it raw, so the list is
-- empty and the game goes on unchanged.
-- expect: same
collect("place_figure", function(ctx)
  return setmetatable({}, { __len = function() while true do end end,
                            __index = function() while true do end end })
end)
