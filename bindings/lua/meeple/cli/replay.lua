-- meeple replay: re-plays a game record and checks everything in it.
--
-- Invariant: exit 0 only for a complete record (docs/records.md): a
-- header whose files are all found unchanged, one line per move whose
-- turn, player, move, scores and state digest all match the replayed
-- game, and one final line, last, whose move count, scores and digest
-- match the finished game. Any other record is an error naming its line.

local common = require "meeple.cli.common"
local verify = require("meeple.replay").verify

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout
local parse_args = common.parse_args

local HELP = [[
usage: meeple replay [OPTIONS] FILE

Re-plays a game record written by 'meeple play --record' and checks all
of it: every file the game loaded is found (under the game root or next
to the record) with its recorded content hash, every move line's turn,
player, scores and state digest match, and the final line's move count
and scores match the finished game. Works from any directory.

Exits 0 when everything matches, 1 at the first problem, naming the
record's line (FILE:LINE: ...), 2 on a usage error. The format is in
docs/records.md.

The game's scripts run under the sandbox's limits (docs/sandbox.md); a
game played with raised limits replays with the same flags:
]] .. common.LIMIT_OPTIONS

local function replay(args, ctx)
  local opts, pos = parse_args(args, common.LIMIT_SPEC)
  if not opts then return usage("replay", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos ~= 1 then return usage("replay", "expected one record file") end
  local limits_ok, code = common.apply_limits("replay", opts)
  if not limits_ok then return code end
  local path = pos[1]
  local ok, moves = pcall(verify, path, ctx)
  if not ok then
    local e = type(moves) == "table" and moves or { msg = "internal error: " .. tostring(moves) }
    if e.line then eprintf("meeple replay: %s:%d: %s\n", path, e.line, e.msg)
    else eprintf("meeple replay: %s\n", e.msg) end
    return 1
  end
  printf("%s: %d moves replayed, every state matches\n", path, moves)
  return 0
end

return { run = replay, HELP = HELP }
