-- Mage & Witch (issue 41): in random games the magic phase places and
-- moves both figures, never leaves them on one feature outside that
-- phase (docs/rules/mage_witch.md §3), and a figure on the board always
-- stands where its attribute mark says (the transform's narrowing, §4);
-- and the board picture draws both figures.
--
-- Run from the repository root:
--   meeple script tests/expansions/mage_witch_test.lua

local loader = require "meeple.loader"
local board = require "meeple.render_board"

local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = { "mage_witch" }, run = meeple_host.run }

local function feature_of(fig)
  local info = fig:info()
  if not info.segment then return nil end
  return info.tile:feature(info.segment)
end

local magic_moves, removals, shared, unmarked, both_seen = 0, 0, 0, 0, false
local svg
for seed = 1, 60 do
  local p = loader.new_play(rs, { players = 3, seed = seed })
  while not p:over() do
    local moves = p:moves()
    local m = moves[((seed * 7919 + p:turn() * 31) % #moves) + 1]
    if m.type == "action" and m.action == "magic" then
      magic_moves = magic_moves + 1
      if m.args.segment == 0 then removals = removals + 1 end
    end
    p:apply(m)
    local g = p:game()
    local mage, witch = g:placed_figures("mage")[1], g:placed_figures("witch")[1]
    local mf, wf = mage and feature_of(mage), witch and feature_of(witch)
    if mf and wf then both_seen = true end
    if mf and wf and mf == wf and p:phase() ~= "magic" and not p:over() then shared = shared + 1 end
    if mf and not mf:closed() and mf:attr("mage") < 1 then unmarked = unmarked + 1 end
    if wf and not wf:closed() and wf:attr("witch") < 1 then unmarked = unmarked + 1 end
    if seed == 1 and mf and wf and not svg then svg = board.svg(rs, g, 3, {}) end
  end
end
print(("%d magic moves, %d removals"):format(magic_moves, removals))
check(magic_moves > 100, "random games play the magic phase")
check(both_seen, "both figures stand on the board at once")
check(shared == 0, "mage and witch never share a feature outside the magic phase")
check(unmarked == 0, "a figure on an open feature always carries its attribute mark")
check(svg and svg:find('class="figure figure-mage"', 1, true) and svg:find('class="figure figure-witch"', 1, true), "the picture draws both figures")
check(svg and svg:find('fill="#6a1b9a"', 1, true) and svg:find('fill="#ef6c00"', 1, true), "the mage purple, the witch orange")

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then os.exit(1) end
