-- The Labyrinth (issue 41): random games of the advanced variant reach
-- its own move (a meeple on a free arm of an occupied labyrinth road,
-- docs/rules/labyrinth.md §3.1), so the sims that check invariants
-- exercise it; playing it adds a follower to the road; and the board
-- picture draws the maze on the labyrinth tile.
--
-- Run from the repository root:
--   meeple script tests/expansions/labyrinth_test.lua

local loader = require "meeple.loader"
local board = require "meeple.render_board"

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = { "labyrinth" }, run = meeple_host.run,
                         options = { labyrinth_variant = "advanced" } }

-- §3.1: seeds until a game offers the labyrinth move; it is played at
-- once, then the game runs on at random to its end
local offered, played_ok, drawn
for seed = 1, 400 do
  local p = loader.new_play(rs, { players = 3, seed = seed })
  local took = false
  while not p:over() do
    local pick
    if not took then
      for _, m in ipairs(p:moves()) do
        if m.type == "action" and m.action == "labyrinth" then pick = m end
      end
    end
    if pick then
      took, offered = true, seed
      local f = p:game():tile_at(pick.args.x, pick.args.y):feature(pick.args.segment)
      local before = #f:figures()
      p:apply(pick)
      f = p:game():tile_at(pick.args.x, pick.args.y):feature(pick.args.segment)
      played_ok = #f:figures() == before + 1 or f:closed()
    else
      p:random_move()
    end
  end
  if took then
    local svg = board.svg(rs, p:game(), 3, {})
    drawn = svg:find('class="tag tag%-labyrinth"') ~= nil
    break
  end
end
check(offered ~= nil, "some game of 400 offers the labyrinth move")
print("first offered in seed " .. tostring(offered))
check(played_ok, "the labyrinth move puts one more follower on the road (seed " .. tostring(offered) .. ")")
check(drawn, "the finished game's picture draws the maze")

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
