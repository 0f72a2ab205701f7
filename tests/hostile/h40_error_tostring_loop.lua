-- hostile: errors. An error object whose __tostring never returns: the
-- host must not call it outside the budget.
-- expect: error error object is a table value
on("turn_begin", function(ctx)
  error(setmetatable({}, { __tostring = function() while true do end end }))
end)
