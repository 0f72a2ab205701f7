-- Bridges, Castles and Bazaars (issue 41): the tile data against the
-- rules' counts (docs/rules/bridges_castles_bazaars.md §1), the bridged
-- tiles against the tools/bridged_tiles.lua rule, and the board picture:
-- a finished random game draws its bridges, castles and bazaar stalls.
--
-- Run from the repository root:
--   meeple script tests/expansions/bridges_castles_bazaars_test.lua

local loader = require "meeple.loader"
local tiles = require "meeple.tiles"
local board = require "meeple.render_board"

local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

-- §1: 12 tiles, 8 bazaars, 2 inns
local list = assert(tiles.load_resolved(root .. "/tiles/bridges_castles_bazaars.tiles"))
local count, bazaars, inns = 0, 0, 0
for _, t in ipairs(list) do
  count = count + t.count
  for _, tag in ipairs(t.tags) do if tag == "bazaar" then bazaars = bazaars + t.count end end
  for _, s in ipairs(t.segments) do
    for _, a in ipairs(s.attrs) do if a.name == "inn" then inns = inns + t.count end end
  end
end
check(count == 12, "12 tiles, got " .. count)
check(bazaars == 8, "8 bazaar tiles, got " .. bazaars)
check(inns == 2, "2 inns, got " .. inns)

-- §3.1: every bridged tile has one road more than its plain tile, with
-- the bridge attribute, over ports N S or W E
local bridged = assert(tiles.load_resolved(root .. "/tiles/bridges_castles_bazaars_bridged.tiles"))
for _, t in ipairs(bridged) do
  local last = t.segments[#t.segments]
  local ports = table.concat(last.ports, " ")
  check(last.kind == "road" and (ports == "1 7" or ports == "4 10"), t.id .. ": the bridge is a straight road")
end
check(#bridged == 18, "18 bridged tiles, got " .. #bridged)

-- the picture of a finished game (seed 3: one castle, bridges, bazaars)
local rs = loader.load { game = "base", with = { "bridges_castles_bazaars" }, run = meeple_host.run }
local p = loader.new_play(rs, { players = 2, seed = 3 })
while not p:over() do p:random_move() end
local svg = board.svg(rs, p:game(), 2, {})
local function n(pattern) local k = 0; for _ in svg:gmatch(pattern) do k = k + 1 end; return k end
check(n('class="attr attr%-castle"') >= 1, "a castle is drawn")
check(n('class="attr attr%-bridge"') >= 1, "bridges are drawn")
check(n('class="tag tag%-bazaar"') >= 1, "bazaar stalls are drawn")

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
