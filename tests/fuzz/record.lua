-- Fuzz driver: the record reader (`meeple replay`). The bytes are a
-- record file; replay reads, checks and re-plays it, or says where it is
-- wrong.
local common = require "meeple.cli.common"
common.eprintf = function() end   -- before the commands capture it
common.silent = true
local replay = require "meeple.cli.replay"

local path = os.tmpname()

return function(data)
  local f = assert(io.open(path, "wb"))
  f:write(data)
  f:close()
  pcall(replay.run, { path }, { root = ".", tty = false })
end
