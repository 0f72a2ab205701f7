-- Fuzz driver: the record reader (`meeple replay`). The bytes are a
-- record file; replay reads, checks and re-plays it, or says where it is
-- wrong. Each rule set is loaded once per process and every input is
-- replayed twice, from fresh games (tests/fuzz/replay_once.lua).
local replay_twice = dofile("tests/fuzz/replay_once.lua")

local path = os.tmpname()

return function(data)
  local f = assert(io.open(path, "wb"))
  f:write(data)
  f:close()
  local ok, code = replay_twice(path)
  assert(ok, "replay raised: " .. tostring(code))
end
