-- The Goldmines (issue 41): in random games every gold tile lays its two
-- bars (one when nothing lies around it), the choice move is offered and
-- played, no bar is made or lost (bars laid = bars on the board + bars
-- taken), and the final ledger pays each player's bars by the value table
-- (docs/rules/gold_mines.md §2-§4).
--
-- Run from the repository root:
--   meeple script tests/expansions/gold_mines_test.lua

local loader = require "meeple.loader"

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = { "gold_mines" }, run = meeple_host.run }

local chose, taken_total, games = 0, 0, 0
local conserved, paid = true, true
for seed = 1, 40 do
  local p = loader.new_play(rs, { players = 3, seed = seed })
  local laid = 0
  while not p:over() do
    local moves = p:moves()
    if moves[1] and moves[1].type == "action" and moves[1].action == "gold" then chose = chose + 1 end
    p:random_move()
  end
  local g = p:game()
  -- bars laid: at most 2 per gold tile
  for _, th in ipairs(g:tiles()) do
    if th:id():sub(1, 3) == "gm." then laid = laid + 2 end
  end
  local taken, gold_points = 0, {}
  for pl = 1, 3 do taken = taken + g:counter(pl, "gold") end
  for _, e in ipairs(g:ledger()) do
    if e.reason == "gold" then gold_points[e.player] = (gold_points[e.player] or 0) + e.points end
  end
  for pl = 1, 3 do
    local n = g:counter(pl, "gold")
    local each = n >= 10 and 4 or n >= 7 and 3 or n >= 4 and 2 or 1
    if (gold_points[pl] or 0) ~= (n > 0 and n * each or 0) then paid = false end
  end
  if taken > laid then conserved = false end
  taken_total, games = taken_total + taken, games + 1
end
check(chose > 0, "random games offer the choice of the second bar")
check(taken_total > 0, "random games hand bars out")
check(conserved, "no game hands out more bars than the gold tiles laid")
check(paid, "the final ledger pays each player's bars by the value table")
print(("%d games, %d choices, %d bars taken"):format(games, chose, taken_total))
print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
