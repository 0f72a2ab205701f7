-- The hook contract (docs/lua-api.md, Hooks): a feature is its handle in
-- every hook; every transform gets the value it transforms; a
-- feature_points transform narrowed by `kinds` runs for those kinds only;
-- figure_placed fires for deploy moves only.
--
-- Run from the repository root:  meeple script tests/lua/hooks/hook_contract_test.lua

local loader = require "meeple.loader"
package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local testlib = require("testlib")

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
  return cond
end

-- Rules from inline scripts (temporary files), after the game (and expansions).
local cleanups = {}
local function load(codes, game, with, options)
  local rules, cleanup = testlib.rule_files(codes)
  cleanups[#cleanups + 1] = cleanup
  return loader.load{ game = game or "base", with = with or {}, rules = rules, options = options,
                      run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

local function play_game(rs, seed)
  local play = loader.new_play(rs, { players = 2, seed = seed or 1 })
  while not play:over() do play:random_move() end
  return play
end

-- One shape: what `on`, `transform` and `allow` get as a feature answers
-- the same methods; the hooks count what they saw in state.
do
  local rs = load{ [[
    state { on = 0, transform = 0, allow = 0, bad = 0 }
    local function look(ctx, f, slot)
      local ok = f:kind() == f:info().kind and math.type(f:attr("pennant")) == "integer"
                 and type(f:closed()) == "boolean"
      ctx.state[slot] = ctx.state[slot] + 1
      if not ok then ctx.state.bad = ctx.state.bad + 1 end
    end
    on("feature_scored", function(ctx, f) look(ctx, f, "on") end)
    transform("feature_points", function(ctx, f, points) look(ctx, f, "transform") end)
    allow("figure_placement", function(ctx, move)
      if move.at.feature then look(ctx, move.at.feature, "allow") end
      return true
    end)
    on("final_scoring", function(ctx)
      local s = ctx.state
      ctx:score(1, s.bad * 1000000 + s.on, "bonus")
      ctx:score(2, s.transform * 1000 + s.allow, "bonus")
    end)
  ]] }
  local ledger = play_game(rs):game():ledger()
  local a, b = ledger[#ledger - 1].points, ledger[#ledger].points
  check(a > 0 and a < 1000000, "on: feature handles, none bad: " .. a)
  check(b // 1000 > 0 and b % 1000 > 0, "transform and allow saw feature handles: " .. b)
end

-- transform("extra_part") gets the stack a declared rule chose (nil for
-- none) and may refuse it with false: T&B's builder gives "main".
do
  local seen_main, seen_nil = 0, 0
  local rs = load({ [[
    state { main = 0, none = 0, other = 0 }
    transform("extra_part", function(ctx, stack)
      if stack == "main" then ctx.state.main = ctx.state.main + 1
      elseif stack == nil then ctx.state.none = ctx.state.none + 1
      else ctx.state.other = ctx.state.other + 1 end
    end)
    on("final_scoring", function(ctx)
      ctx:score(1, 1 + ctx.state.main, "bonus"); ctx:score(2, 1 + ctx.state.none + 1000 * ctx.state.other, "bonus")
    end)
  ]] }, "base", { "traders_builders" })
  for seed = 1, 5 do
    local ledger = play_game(rs, seed):game():ledger()
    seen_main = seen_main + ledger[#ledger - 1].points - 1
    seen_nil = seen_nil + ledger[#ledger].points - 1
  end
  check(seen_main > 0, "extra_part gets 'main' when the builder grants a part: " .. seen_main)
  check(seen_nil > 0 and seen_nil < 1000, "extra_part gets nil otherwise, never another stack: " .. seen_nil)

  -- false refuses the builder's part: no turn has a second part
  local function second_parts(refuse)
    local rs2 = load({ (refuse and 'transform("extra_part", function(ctx, stack) return false end)\n' or "") .. [[
      state { second = 0 }
      on("turn_end", function(ctx) if ctx.part > 1 then ctx.state.second = ctx.state.second + 1 end end)
      on("final_scoring", function(ctx) ctx:score(1, 1 + ctx.state.second, "bonus") end)
    ]] }, "base", { "traders_builders" })
    local total = 0
    for seed = 1, 5 do
      local ledger = play_game(rs2, seed):game():ledger()
      total = total + ledger[#ledger].points - 1
    end
    return total
  end
  check(second_parts(false) > 0, "the builder gives second parts")
  check(second_parts(true) == 0, "false: no turn has a second part: " .. second_parts(true))
  local ok, err = pcall(play_game, load({ 'transform("extra_part", function(ctx, stack) return 7 end)' },
                                        "base", { "traders_builders" }))
  check(not ok and tostring(err):find(".lua:1: extra_part: unknown stack a number", 1, true),
        "a bad stack names the hook's line: " .. tostring(err))
end

-- kinds: the hook runs for roads only, and never for another kind.
do
  local rs = load{ [[
    state { roads = 0, others = 0 }
    transform("feature_points", function(ctx, f, points, args)
      if f:kind() == "road" then ctx.state.roads = ctx.state.roads + 1
      else ctx.state.others = ctx.state.others + 1 end
      return points
    end, { kinds = { "road" } })
    on("final_scoring", function(ctx) ctx:score(1, 1 + ctx.state.roads, "bonus"); ctx:score(2, 1 + ctx.state.others, "bonus") end)
  ]] }
  local ledger = play_game(rs):game():ledger()
  check(ledger[#ledger - 1].points > 1, "kinds: called for roads")
  check(ledger[#ledger].points == 1, "kinds: never called for other kinds: " .. ledger[#ledger].points - 1)
  local ok, err = pcall(load, { 'transform("feature_points", function() end, { kinds = { "lake" } })' })
  check(not ok and tostring(err):find(".lua:1: transform: unknown kind 'lake' in kinds", 1, true),
        "an unknown kind names the line: " .. tostring(err))
  ok, err = pcall(load, { 'on("turn_begin", function() end, { kinds = { "road" } })' })
  check(not ok and tostring(err):find("'kinds' only narrows transform", 1, true),
        "kinds narrows feature_points only: " .. tostring(err))
end

for _, cleanup in ipairs(cleanups) do cleanup() end
-- figure_placed fires for deploy moves only, not for figures the game's
-- setup puts on the board (New World's surveyors on their start cells).
do
  local rs = load({ [[
    state { surveyors = 0, settlers = 0 }
    on("figure_placed", function(ctx, move)
      if move.figure == "surveyor" then ctx.state.surveyors = ctx.state.surveyors + 1
      else ctx.state.settlers = ctx.state.settlers + 1 end
    end)
    on("final_scoring", function(ctx)
      ctx:score(1, 1 + ctx.state.surveyors, "surveyor"); ctx:score(2, 1 + ctx.state.settlers, "surveyor")
    end)
  ]] }, "new_world")
  local play = play_game(rs)
  local ledger, on_board = play:game():ledger(), 0
  for _, fig in ipairs(play:game():figures()) do
    if fig:info().kind == "surveyor" then on_board = on_board + 1 end
  end
  check(on_board == 2, "setup put both surveyors on the board: " .. on_board)
  check(ledger[#ledger - 1].points == 1, "figure_placed never fired for a surveyor")
  check(ledger[#ledger].points > 1, "figure_placed fired for the settlers deployed")
end

print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
