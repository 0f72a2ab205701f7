-- meeple replay: re-plays a game record and checks every state in it.

local loader = require "meeple.loader"
local common = require "meeple.cli.common"
local record = require "meeple.cli.record"

local printf, eprintf, usage = common.printf, common.eprintf, common.usage
local stdout = common.stdout
local parse_args = common.parse_args
local json, state_digest = record.json, record.state_digest

local HELP = [[
usage: meeple replay FILE

Re-plays a game record written by 'meeple play --record', checking the
state after every move. Exits 1 at the first divergence and says where.
]]

local function replay(args, ctx)
  local opts, pos = parse_args(args, {})
  if not opts then return usage("replay", "%s", pos) end
  if opts.help then stdout:write(HELP) return 0 end
  if #pos ~= 1 then return usage("replay", "expected one record file") end
  local path = pos[1]
  local f, err = io.open(path, "r")
  if not f then eprintf("meeple replay: %s\n", err) return 1 end
  local lines = {}
  for line in f:lines() do lines[#lines + 1] = line end
  f:close()
  local okh, header = pcall(json.decode, lines[1] or "")
  if not okh or type(header) ~= "table" or header.record ~= "meeple-game" then
    eprintf("meeple replay: %s:1: not a meeple game record\n", path)
    return 1
  end
  for _, file in ipairs(header.files or {}) do
    local fh = io.open(file.path, "rb")
    if fh then
      local text = fh:read("a")
      fh:close()
      if loader.content_hash(text) ~= file.hash then
        eprintf("meeple replay: warning: %s changed since the game was recorded\n", file.path)
      end
    end
  end
  local options = {}
  for k, v in pairs(header.options or {}) do options[k] = tostring(v) end
  local okl, rs = pcall(loader.load, {
    game = header.game, with = header.with or {}, rules = header.rules or {}, options = options,
    run = meeple_host.run, script_dirs = { ctx.root .. "/scripts" }, tile_dirs = { ctx.root .. "/tiles" } })
  if not okl then eprintf("meeple replay: %s\n", tostring(rs)) return 1 end
  local play = loader.new_play(rs, { players = header.players, seed = header.seed })
  local g = play:game()
  local moves = 0
  for n = 2, #lines do
    local okd, entry = pcall(json.decode, lines[n])
    if not okd or type(entry) ~= "table" then
      eprintf("meeple replay: %s:%d: not a JSON object\n", path, n)
      return 1
    end
    if entry.final then
      if not play:over() then
        eprintf("meeple replay: %s:%d: the record ends but the game goes on (phase %s)\n", path, n, play:phase())
        return 1
      end
    else
      local i, why = play:find_move(entry.move or "")
      if not i then
        eprintf("meeple replay: %s:%d: diverged: %s\n", path, n, why)
        return 1
      end
      local okm, merr = pcall(play.apply_index, play, i)
      if not okm then eprintf("meeple replay: %s:%d: %s\n", path, n, tostring(merr)) return 1 end
      moves = moves + 1
    end
    local digest = state_digest(g)
    if entry.state and digest ~= entry.state then
      eprintf("meeple replay: %s:%d: diverged after '%s': state %s, record %s\n", path, n,
              tostring(entry.move or "final scoring"), digest, entry.state)
      return 1
    end
    local scores = g:scores()
    for p, s in ipairs(entry.scores or {}) do
      if scores[p] ~= s then
        eprintf("meeple replay: %s:%d: player %d has %d points, the record says %d\n", path, n, p, scores[p], s)
        return 1
      end
    end
  end
  printf("%s: %d moves replayed, every state matches\n", path, moves)
  return 0
end

return { run = replay, HELP = HELP }
