-- The playout policy's decision memo (engine/src/agent/agent_memo.c) is
-- exact: at every decision of games in every game and expansion (house
-- rules with Lua hooks and a fan expansion included), each legal move is
-- valued with the memo and without, and the values must agree to the
-- bit. The memo must also answer often, or the check would prove
-- nothing (issue 21).
--
-- The same decisions check the copy the policy values moves in, put back
-- by its journal (gk_play_rewind, engine/src/gk_journal.c): each legal
-- move is played in a tracked copy, the copy is rewound and compared with
-- a fresh copy over every field and range in use, then both play one more
-- move and are compared again. The journal, not the full-copy fallback,
-- must have done most rewinds.
--
-- Run from the repository root:
--   meeple script tests/agents/agents_memo_test.lua [GAMES_PER_SET]

local loader = require "meeple.loader"
local meeple = require "meeple"

local GAMES = math.tointeger(tonumber((select(1, ...)))) or 2
local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local SETS = {
  { game = "base" },
  { game = "base", with = { "traders_builders", "abbey_mayor" } },
  { game = "hunters_gatherers" },
  { game = "new_world" },
  { game = "base", with = { "river" } },
  { game = "base", with = { "princess_dragon" } },
  { game = "base", with = { "abbey_mayor" }, rules = { "examples/house-rules/wagon_cloister_road.lua" } },
  { game = "base", with = { "examples/fan-expansion/lakes.lua" } },
}

-- the eval of the default search, and one that values figures only
local agents = { meeple.agent { kind = "mcts" }, meeple.agent { kind = "greedy", open = 2.5 } }

for si, set in ipairs(SETS) do
  local ok, rs = pcall(loader.load, { game = set.game, with = set.with or {}, rules = set.rules or {},
    options = {}, run = meeple_host.run, script_dirs = { root .. "/scripts" },
    tile_dirs = { root .. "/tiles" } })
  check(ok, "loads set " .. si .. ": " .. tostring(rs))
  local bad, answered, decisions = 0, 0, 0
  local differed, rewound, moves, part = 0, 0, 0, 0
  for k = 1, ok and GAMES or 0 do
    local play = loader.new_play(rs, { players = 2 + k % 2, seed = 100 * si + k })
    local pick = 7 * k
    while not play:over() do
      local n = play:move_count()
      local wrong, hits = agents[1 + decisions % 2]:memo_check(play)
      bad, answered, decisions = bad + wrong, answered + hits, decisions + 1
      local off, by_journal, first = agents[1]:rewind_check(play)
      if off > 0 and part == 0 then part = first end
      differed, rewound, moves = differed + off, rewound + by_journal, moves + n
      -- a spread of moves: not only the first
      pick = (pick * 1103515245 + 12345) % 2147483648
      play:apply_index(1 + pick % n)
    end
  end
  check(bad == 0, ("set %d: %d decisions with a move the memo valued wrong"):format(si, bad))
  check(answered > decisions, ("set %d: the memo answered %d times in %d decisions"):format(si,
    answered, decisions))
  check(differed == 0, ("set %d: %d moves whose rewound copy differed (first in part %d)"):format(si,
    differed, part))
  check(rewound > moves // 2, ("set %d: only %d of %d rewinds went by the journal"):format(si,
    rewound, moves))
  print(("set %d: %d decisions, %d answers from the memo, %d wrong; %d moves, %d rewound by the journal, %d differed"):format(
    si, decisions, answered, bad, moves, rewound, differed))
end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
