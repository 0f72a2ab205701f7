-- meeple serve: a local table in the browser. This module reads the
-- command line and sets up the first table; bindings/cli/cli_serve.c
-- runs the HTTP server (libmicrohttpd) and hands each request to
-- meeple.server.handle.

local common = require "meeple.cli.common"
local server = require "meeple.server"

local usage, eprintf = common.usage, common.eprintf
local stdout = common.stdout

local HELP = [[
usage: meeple serve [OPTIONS]

Serves a local table on http://127.0.0.1:PORT/: a person plays in the
browser against bots, or several people share the table (one tab per
seat: /table/1?seat=N; without seat, one tab plays every human seat).
Click a yellow cell, then a rotation, then a figure spot or 'pass'; only
legal moves are offered and the bots move by themselves. 'save record'
downloads the game record, 'open in viewer' shows its replay. The same
server speaks a JSON API for bots in any language (docs/protocol.md).

]] .. common.GAME_OPTIONS .. [[
  --agents A,B,...     one agent per seat, cycled: human, random, greedy,
                       or a bot script FILE.lua (default human,random)
  --port N             the port (default 8080; 0: any free port)
  --host ADDR          the address to listen on (default 127.0.0.1; the
                       server has no authentication: keep it local)

Stop it with Ctrl-C.

example: meeple serve --with traders_builders,abbey_mayor --agents human,greedy
]]

local M = { HELP = HELP }

-- Returns {port =, host =} to serve, or an exit status.
function M.setup(args, ctx)
  local opts, pos = common.parse_args(args, common.game_spec({ agents = "value", port = "value", host = "value" }))
  if not opts then return usage("serve", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos > 0 then return usage("serve", "unexpected argument '%s'", pos[1]) end
  local port, code = common.int_arg("serve", "port", opts.port or "8080", 0)
  if not port then return code end
  if port > 65535 then return usage("serve", "--port must be at most 65535") end
  local host = opts.host or "127.0.0.1"
  if not host:match("^%d+%.%d+%.%d+%.%d+$") then
    return usage("serve", "--host wants an IPv4 address such as 127.0.0.1, got '%s'", host)
  end
  local game
  game, code = common.load_game("serve", opts, ctx)
  if not game then return code end
  local ok, err = pcall(server.setup, { root = ctx.root, defer_bots = true }, {
    game = game.game, with = game.with, rules = game.rules, options = game.options,
    players = game.players, seed = game.seed, agents = common.split_commas(opts.agents or "human,random") })
  if not ok then
    local msg = type(err) == "table" and err.message or tostring(err)
    eprintf("meeple serve: %s\n", msg)
    return 1
  end
  return { port = port, host = host }
end

M.handle = server.handle

return M
