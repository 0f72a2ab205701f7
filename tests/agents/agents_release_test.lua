-- Issue #21: an agent searching a play with hooks lends them a clone of
-- the game; that clone must go when the decision is made, not when the
-- collector happens to find its small userdata. Before, a game's worth
-- of C memory per decision piled up between collections, and greedy
-- games with one empty hook failed the scripts' 8 MiB memory cap in the
-- second game ("memory cap exceeded" at the hook). Here four such games
-- run under that cap without a single explicit collection.
--
-- Run from the repository root:  meeple script tests/agents/agents_release_test.lua

local loader = require "meeple.loader"
local meeple = require "meeple"

local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = {}, options = {}, run = meeple_host.run,
                         rules = { root .. "/tests/agents/rules/empty_tile_placed.lua" },
                         script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" } }
meeple_host.set_limits(nil, 8 * 1024 * 1024)
collectgarbage("stop") -- only the release under test may free the clones

local greedy = meeple.agent { kind = "greedy" }
local mcts = meeple.agent { kind = "mcts", playouts = 4, seed = 3 }
for seed = 1, 4 do
  local play = loader.new_play(rs, { players = 2, seed = seed })
  local decisions = 0
  local ok, err = pcall(function()
    while not play:over() do
      local agent = (seed == 4 and play:player() == 2) and mcts or greedy
      play:apply_index(agent:choose(play, seed))
      decisions = decisions + 1
    end
  end)
  check(ok, "seed " .. seed .. ": whole game under an 8 MiB cap (" .. tostring(err) .. ")")
  check(decisions > 50, "seed " .. seed .. ": a full game (" .. decisions .. " decisions)")
  play = nil
end
collectgarbage("restart")

print(string.format("agents_release: %d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
