-- hostile: host objects. The strings' shared metatable, to change what
-- ("x"):rep() means for the host and other scripts.
-- expect: error attempt to index a boolean value
on("turn_begin", function(ctx)
  getmetatable("").__index.rep = function() return "" end
end)
