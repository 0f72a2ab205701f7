-- meeple.errors: the last step of every message a user sees. Host code
-- raises its own messages with the user's file and line; a Lua runtime
-- error or a C argument check inside the host can still carry the host's
-- location ("meeple/scenario.lua:512: bad argument #2 to 'tile_at' (...)").
-- clean() removes those locations, so a message never names an internal
-- module, and keeps the reason. The caller prefixes the user's FILE:LINE.

local M = {}

-- A chunk name of the embedded host modules ("meeple/cli/play.lua:12: ").
local INTERNAL = "meeple/[%w_/]+%.lua:%d+: "

-- msg without internal locations; a C argument check keeps only its reason.
function M.clean(msg)
  msg = tostring(msg)
  local stripped
  msg, stripped = msg:gsub(INTERNAL, "")
  if stripped > 0 then
    msg = msg:gsub("^bad argument #%d+ to '([^']+)' %((.*)%)$", "%1: %2")
  end
  msg = msg:gsub("\nstack traceback:.*$", "")
  return msg
end

-- The reason alone of a message C raised for a value the host passed on
-- from a script ("bad argument #2 to '?' (x out of range)" -> "x out of
-- range"): the caller names the script's line and the declaration.
function M.reason(msg)
  return (M.clean(msg):gsub("^bad argument #%-?%d+ to '[^']*' %((.*)%)$", "%1"))
end

-- true when msg still shows a host location (tests assert it never does).
function M.is_internal(msg)
  return tostring(msg):find(INTERNAL) ~= nil
end

return M
