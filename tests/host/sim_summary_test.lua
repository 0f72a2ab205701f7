-- The simulation summary (meeple.cli.summary, bindings/sim/sim_run.c):
-- the C fold of flow:simulate and the Lua fold (for games played by Lua
-- agents) agree exactly; merging the summaries of a split gives the
-- summary of the whole; the derived statistics match a direct
-- computation from the per-game rows.
--
-- Run from the repository root:  meeple script tests/host/sim_summary_test.lua

local loader = require "meeple.loader"
local summary = require "meeple.cli.summary"
local json = require("meeple.record").json

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
end

local GAMES = 300
local rs = loader.load{ game = "base", with = {}, rules = {}, options = {}, run = meeple_host.run,
                        script_dirs = { "scripts" }, tile_dirs = { "tiles" } }

-- the C summary, and every row folded in Lua as it comes
local rows, lua_fold = {}, summary.new(3)
local c_sum = loader.simulate(rs, { players = 3, games = GAMES, seed = 7, results = false, jobs = 2,
  on_game = function(row)
    summary.add(lua_fold, row)
    rows[#rows + 1] = { seed = row.seed, scores = { table.unpack(row.scores) }, turns = row.turns }
  end })
check(json.encode(c_sum) == json.encode(lua_fold), "the Lua fold equals the C fold:\n" ..
      json.encode(c_sum) .. "\n" .. json.encode(lua_fold))
check(#rows == GAMES and rows[1].seed == 7 and rows[GAMES].seed == 7 + GAMES - 1,
      "rows come in seed order")
local ordered = true
for i = 2, #rows do ordered = ordered and rows[i].seed == rows[i - 1].seed + 1 end
check(ordered, "every seed once, in order, with --jobs 2")

-- a split into three runs merges into the whole, in any order
local parts = {}
for i, range in ipairs({ { 7, 100 }, { 107, 150 }, { 257, 50 } }) do
  parts[i] = loader.simulate(rs, { players = 3, games = range[2], seed = range[1], results = false })
end
local merged = summary.merge(summary.merge(parts[3], parts[1]), parts[2])
check(json.encode(merged) == json.encode(c_sum), "three parts merge into the whole")
local empty = summary.new(3)
check(json.encode(summary.merge(empty, c_sum)) == json.encode(c_sum), "an empty summary merges as nothing")

-- derived statistics against a direct computation
local d = summary.derive(c_sum)
for p = 1, 3 do
  local sum, wins = 0, 0
  for _, r in ipairs(rows) do
    sum = sum + r.scores[p]
    local best, tied = -1, 0
    for _, s in ipairs(r.scores) do if s > best then best, tied = s, 1 elseif s == best then tied = tied + 1 end end
    if r.scores[p] == best then wins = wins + 1 / tied end
  end
  local mean = sum / GAMES
  local var = 0
  for _, r in ipairs(rows) do var = var + (r.scores[p] - mean) ^ 2 end
  local sd = math.sqrt(var / (GAMES - 1))
  check(math.abs(d.seats[p].mean - mean) < 1e-12, "seat " .. p .. " mean")
  check(math.abs(d.seats[p].sd - sd) < 1e-9, ("seat %d sd %.12f vs %.12f"):format(p, d.seats[p].sd, sd))
  check(math.abs(d.seats[p].win_rate - wins / GAMES) < 1e-12, "seat " .. p .. " win rate")
end

-- ties: a three-way tie gives each seat a third, exactly
local t = summary.new(3)
summary.add(t, { scores = { 5, 5, 5 }, turns = 1, moves = 1, closed = {} })
check(t.seats[1].wins == 280 and t.seats[2].wins == 280 and t.seats[3].wins == 280, "a three-way tie")
check(summary.check(t, 3) == nil, "a folded summary passes the check")
t.seats[2].sumsq = 1.5
check(summary.check(t, 3) ~= nil, "a float in a summary is refused")

print(("%d passed, %d failed"):format(passed, failed))
if failed > 0 then error("sim summary: " .. failed .. " failed", 0) end
