-- meeple script tests/browser/agents_check.lua RECORD AGENT...
-- Re-plays a record made at `meeple serve` and checks that every move of
-- a bot seat is the move that bot chooses in that position (AGENT k is
-- seat k's agent: human, greedy, FILE.lua...; human seats are not
-- checked). Prints "bots: N moves checked (seat: count ...)"; exit 1 on
-- the first move a bot would not have made.
local viewer = require "meeple.viewer"
local loader = require "meeple.loader"
local agents = require "meeple.cli.agents"

local path = ...
local names = { select(2, ...) }
local rec = assert(viewer.read_file(path))
local ok, rs = viewer.load_rules(rec, { root = os.getenv("MEEPLE_ROOT") or "." })
if not ok then io.stderr:write(tostring(rs), "\n") return 1 end
local bots = {}
for seat, name in ipairs(names) do
  if name ~= "human" then bots[seat] = assert(agents.make_agents("check", { name }))[1] end
end
local play = loader.new_play(rs, { players = rec.header.players, seed = rec.header.seed })
local per_seat, total = {}, 0
for _, e in ipairs(rec.entries) do
  if e.move then
    local seat = play:player()
    local bot = bots[seat]
    if bot then
      local chosen = play:move_name(bot(play, rec.header.seed))
      if chosen ~= e.move then
        io.stderr:write(("line %d: seat %d (%s) played '%s', the bot chooses '%s'\n"):format(
          e.line, seat, names[seat], e.move, chosen))
        return 1
      end
      per_seat[seat] = (per_seat[seat] or 0) + 1
      total = total + 1
    end
    play:apply_index(assert(play:find_move(e.move)))
  end
end
local parts = {}
for seat = 1, #names do parts[#parts + 1] = ("%d: %d"):format(seat, per_seat[seat] or 0) end
print(("bots: %d moves checked (%s)"):format(total, table.concat(parts, ", ")))
return 0
