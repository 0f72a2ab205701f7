-- meeple script: runs a trusted host-side Lua file (tools and tests).

local common = require "meeple.cli.common"

local eprintf, usage = common.eprintf, common.usage
local stdout = common.stdout

local HELP = [[
usage: meeple script [OPTIONS] FILE.lua [ARGS...]

Runs FILE.lua as trusted host code in the game host state: it may read
and write files and use every meeple module (meeple.loader, meeple.cli,
meeple.tiles, ...), while the game scripts it loads still run sandboxed.
The chunk gets ARGS as `...` and its result (an integer) is the exit
status. Meant for tools and tests, never for game rules.

OPTIONS (before FILE.lua) set the limits of the game scripts it loads
(docs/sandbox.md); everything after FILE.lua goes to the script:
]] .. common.LIMIT_OPTIONS

-- The leading limit flags (up to the file); returns the options and the
-- index of the file, or nil and the usage status.
local function leading_flags(args)
  local first = 1
  while args[first] and args[first]:sub(1, 1) == "-" and args[first] ~= "--help" and args[first] ~= "-h" do
    local name = args[first]:match("^%-%-([%w-]+)")
    first = first + ((args[first]:find("=", 1, true) or not common.LIMIT_SPEC[name or ""]) and 1 or 2)
  end
  local opts, pos = common.parse_args(table.move(args, 1, first - 1, 1, {}), common.LIMIT_SPEC)
  if not opts then return nil, usage("script", "%s", pos) end
  if pos[1] then return nil, usage("script", "unknown option '%s'", pos[1]) end
  return opts, first
end

local function script(args, ctx)
  if #args == 0 then return usage("script", "expected a Lua file") end
  local opts, first = leading_flags(args)
  if not opts then return first end
  if args[first] == "--help" or args[first] == "-h" then stdout:write(HELP) return 0 end
  if not args[first] then return usage("script", "expected a Lua file") end
  local limits_ok, code = common.apply_limits("script", opts)
  if not limits_ok then return code end
  local chunk, err = loadfile(args[first], "t")
  if not chunk then eprintf("meeple script: %s\n", err) return 1 end
  local ok, status = pcall(chunk, table.unpack(args, first + 1))
  -- host code the user runs, not a game's script: its message as it is
  if not ok then common.stderr:write(tostring(status), "\n") return 1 end
  return math.tointeger(status) or 0
end

return { run = script, HELP = HELP }
