-- meeple.errors: the last step of every message a user sees. Host code
-- raises its own messages with the user's file and line; a Lua runtime
-- error or a C argument check inside the host can still carry the host's
-- location ("meeple/scenario.lua:512: bad argument #2 to 'tile_at' (...)").
-- clean() removes those locations, so a message never names an internal
-- module, and keeps the reason. The caller prefixes the user's FILE:LINE.

local M = {}

-- A location in one of the embedded host modules ("meeple/cli/play.lua:12: "):
-- the module must exist (package.preload), so a user's own folder called
-- meeple/ keeps its locations, and a path that merely ends in one
-- ("./meeple/x.lua", "/home/me/meeple/x.lua") is not taken for it.
local LOCATION = "%f[%w_./](meeple/[%w_/]+)%.lua:%d+: "
local function internal(path)
  return package.preload[(path:gsub("/", "."))] ~= nil
end

-- msg without internal locations; a C argument check keeps only its reason.
function M.clean(msg)
  msg = tostring(msg)
  local stripped = 0
  msg = msg:gsub(LOCATION, function(path)
    if internal(path) then stripped = stripped + 1; return "" end
  end)
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

-- Text a script controls, made one line with its control characters
-- escaped, as the sandbox escapes a script's errors and prints
-- (bindings/sandbox/one_line.c): "\n" "\r" "\t" as those two characters, any
-- other byte below 0x20, 0x7f and the C1 controls as \xHH. So a message
-- quoting a script's name or value forges no line of the CLI's output
-- and sends a terminal no escape sequence.
local NAMED = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
local function hex(c) return NAMED[c] or ("\\x%02x"):format(c:byte()) end
function M.one_line(s)
  s = tostring(s)
  if not s:find("[%c\127\194]") then return s end
  s = s:gsub("[%c\127]", hex)
  return (s:gsub("\194[\128-\159]", function(c) return hex(c:sub(1, 1)) .. hex(c:sub(2)) end))
end

-- true when msg still shows a host location (tests assert it never does).
function M.is_internal(msg)
  for path in tostring(msg):gmatch(LOCATION) do
    if internal(path) then return true end
  end
  return false
end

return M
