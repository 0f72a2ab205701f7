-- Siege (issue 41): random games reach the escape move (a follower home
-- from a besieged city with a cloister beside it, docs/rules/siege.md §5),
-- so the sims that check invariants exercise it; playing it sends that
-- follower home; and the board picture marks the besieged tiles.
--
-- Run from the repository root:
--   meeple script tests/expansions/siege_test.lua

local loader = require "meeple.loader"
local board = require "meeple.render_board"

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = { "siege" }, run = meeple_host.run }

local offered, played_ok, drawn
for seed = 1, 400 do
  local p = loader.new_play(rs, { players = 3, seed = seed })
  local took = false
  while not p:over() do
    local pick
    if not took then
      for _, m in ipairs(p:moves()) do
        if m.type == "action" and m.action == "escape" then pick = m end
      end
    end
    if pick then
      took, offered = true, seed
      local me = p:player()
      local g = p:game()
      local before = g:supply(me, "meeple")
      local f = g:tile_at(pick.args.x, pick.args.y):feature(pick.args.segment)
      local ok = f:kind() == "city" and f:attr("besieged") > 0 and not f:closed()
      p:apply(pick)
      played_ok = ok and p:game():supply(me, "meeple") == before + 1
    else
      p:random_move()
    end
  end
  if took then
    local svg = board.svg(rs, p:game(), 3, {})
    drawn = svg:find('class="tag tag%-besieged"') ~= nil
    break
  end
end
check(offered ~= nil, "some game of 400 offers the escape")
print("first offered in seed " .. tostring(offered))
check(played_ok, "the escape sends a follower home from an open besieged city (seed " .. tostring(offered) .. ")")
check(drawn, "the finished game's picture marks the besieged tiles")

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
