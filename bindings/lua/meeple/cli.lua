-- meeple.cli: the Lua subcommands of the meeple executable, one module
-- each under meeple/cli/ (play, sim, replay, script, bench), plus what
-- they share: common (arguments, output), agents, record and report.
--
-- bindings/cli/cli_game.c calls M[name](args, ctx); ctx.root is the
-- directory holding scripts/ and tiles/, ctx.tty whether output is a
-- terminal. Every subcommand returns an exit status: 0 done, 1 failed,
-- 2 usage (cli_main.c makes it 3 when a script ran past its time limit). Adding a subcommand is a module here, a row in SUBCOMMANDS
-- and a row in cli_main.c's table.

local common = require "meeple.cli.common"

local M = {}

local SUBCOMMANDS = { "play", "sim", "merge", "report", "replay", "script", "bench", "view", "check" }

M.HELP = {}
-- A subcommand that succeeded then prints the loader's warnings (#43);
-- one that failed prints its error alone.
local function then_warnings(run)
  return function(...)
    local status = run(...)
    if status == 0 then
      for _, msg in ipairs(common.warnings) do common.stderr:write("meeple: warning: " .. msg) end
    end
    common.warnings = {}
    return status
  end
end

for _, name in ipairs(SUBCOMMANDS) do
  local sub = require("meeple.cli." .. name)
  M[name] = then_warnings(sub.run)
  M.HELP[name] = sub.HELP
end

-- Tests drive subcommands in-process: cli.silent = true quiets stdout.
setmetatable(M, {
  __newindex = function(t, k, v)
    if k == "silent" then common.silent = v else rawset(t, k, v) end
  end,
  __index = function(_, k) if k == "silent" then return common.silent end end,
})

return M
