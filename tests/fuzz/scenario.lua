-- Fuzz driver: the scenario loader. The bytes are a scenario file; it
-- loads (in the sandbox) and runs, or fails with a message.
local scenario = require "meeple.scenario"

local path = os.tmpname() .. ".lua"

return function(data)
  local f = assert(io.open(path, "wb"))
  f:write(data)
  f:close()
  local ok, plan = pcall(scenario.load_file, path)
  if ok and plan then pcall(scenario.run, plan, { root = "." }) end
end
