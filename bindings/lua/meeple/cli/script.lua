-- meeple script: runs a trusted host-side Lua file (tools and tests).

local common = require "meeple.cli.common"

local eprintf, usage = common.eprintf, common.usage
local stdout = common.stdout

local HELP = [[
usage: meeple script FILE.lua [ARGS...]

Runs FILE.lua as trusted host code in the game host state: it may read
and write files and use every meeple module (meeple.loader, meeple.cli,
meeple.tiles, ...), while the game scripts it loads still run sandboxed.
The chunk gets ARGS as `...` and its result (an integer) is the exit
status. Meant for tools and tests, never for game rules.
]]

local function script(args, ctx)
  if #args == 0 then return usage("script", "expected a Lua file") end
  if args[1] == "--help" or args[1] == "-h" then stdout:write(HELP) return 0 end
  local chunk, err = loadfile(args[1], "t")
  if not chunk then eprintf("meeple script: %s\n", err) return 1 end
  local ok, status = pcall(chunk, table.unpack(args, 2))
  if not ok then eprintf("%s\n", tostring(status)) return 1 end
  return math.tointeger(status) or 0
end

return { run = script, HELP = HELP }
