-- Issue #19: on("feature_scored"), on("action") and collect hooks the
-- flow calls from C (bindings/hooks/hook_direct.c, hook_collect.c) show the
-- hooks exactly what the Lua dispatcher shows them (the same arguments,
-- the same moves offered, the same answers folded, the same messages),
-- and a failing call rolls back its whole move, state included.
--
-- Run from the repository root:  meeple script tests/lua/hooks/hook_paths_test.lua

local loader = require "meeple.loader"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
end

local temps, written = {}, {}
local function script(code)
  if written[code] then return written[code] end -- one file: the same names in messages
  local base = os.tmpname()
  local path = base .. ".lua"
  local f = assert(io.open(path, "w")); f:write(code); f:close()
  temps[#temps + 1] = base; temps[#temps + 1] = path
  written[code] = path
  return path
end
local make_dispatcher = require("meeple.loader.dispatch").make_dispatcher

-- The rules of code; how = "dispatcher": every hook through the Lua
-- dispatcher (the path the C ones must match).
local function load(code, how)
  local rs = loader.load{ game = "base", rules = { script(code) }, run = meeple_host.run,
                          script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
  if how == "dispatcher" then rs.hook_plan = make_dispatcher(rs, meeple_host, "dispatcher") end
  return rs
end

-- Plays a game by random choices; returns the final game and the list of
-- errors of the moves that failed (each retried with the next choice).
local function play_out(rs, seed)
  local play = loader.new_play(rs, { players = 2, seed = seed })
  local errors = {}
  while not play:over() do
    local before = play:game():serialize()
    local i = play:random_choice()
    local ok, err = pcall(play.apply_index, play, i)
    if not ok then
      errors[#errors + 1] = tostring(err)
      check(play:game():serialize() == before, "a failed move leaves the game and state as they were: " .. tostring(err))
      play:apply_index(i) -- the hook passes the second time
    end
  end
  return play:game(), errors
end

local function log_of(game)
  return require("meeple.state").decode(game:blob(1)).log
end

-- feature_scored: everything a hook can see, logged into its state; and
-- the points it gives depend on it, so the games would part too.
local SCORED = [[
state { log = {} }
local calls = 0
on("feature_scored", function(ctx, feature, args)
  calls = calls + 1
  local keys, lead = {}, {}
  for k in pairs(args) do keys[#keys + 1] = k end
  table.sort(keys)
  for i, p in ipairs(args.leaders) do lead[i] = p end
  local log = ctx.state.log
  log[#log + 1] = table.concat({ ctx.turn, ctx.phase, ctx.player, feature:kind(),
    tostring(feature == args.feature), tostring(args.when), args.value, #args.leaders,
    table.concat(lead, ","), table.concat(keys, ","), tostring(args.phase == ctx.phase),
    tostring(args.tile), tostring(args.move) }, "|")
  if #lead > 0 and args.value > 3 then ctx:score(lead[1], 1, "bonus", feature) end
  %s
end)
on("tile_placed", function(ctx, tile, args)
  if args.feature ~= nil or args.when ~= nil or args.leaders ~= nil then
    error("a feature_scored argument is left in tile_placed's")
  end
end)
]]

do
  local direct_rs = load(SCORED:format(""))
  local disp_rs = load(SCORED:format(""), "dispatcher")
  for seed = 1, 3 do
    local g1 = play_out(direct_rs, seed)
    local g2 = play_out(disp_rs, seed)
    local l1, l2 = log_of(g1), log_of(g2)
    check(#l1 > 10, ("seed %d: feature_scored ran (%d calls)"):format(seed, #l1))
    local same = #l1 == #l2
    for i = 1, #l1 do
      if l1[i] ~= l2[i] then
        same = false
        print(("seed %d call %d:\n  direct     %s\n  dispatcher %s"):format(seed, i, l1[i], tostring(l2[i])))
        break
      end
    end
    check(same, ("seed %d: the direct path shows what the dispatcher shows"):format(seed))
    check(g1:serialize() == g2:serialize(), ("seed %d: the same game on both paths"):format(seed))
  end
end

-- A feature_scored hook that fails once, after editing its state: the
-- move is undone, state included, with the hook's message; both paths.
do
  local FAIL = [[if calls == 4 then ctx.state.log[1] = "edited"; error("boom in feature_scored") end]]
  for _, how in ipairs({ "direct", "dispatcher" }) do
    local game, errors = play_out(load(SCORED:format(FAIL), how), 2)
    check(#errors == 1, ("%s: one move failed (got %d)"):format(how, #errors))
    check(errors[1] and errors[1]:find("boom in feature_scored", 1, true) ~= nil,
          ("%s: the message is the hook's: %s"):format(how, tostring(errors[1])))
    check(errors[1] and errors[1]:find(":%d+: boom") ~= nil,
          ("%s: the message names the script line: %s"):format(how, tostring(errors[1])))
    check(log_of(game)[1] ~= "edited", how .. ": the failed call's state edit was undone")
  end
end

-- tile_placed: args.tile and args.tile_id are written only when a hook
-- reads args (bindings/hooks/hook_direct.c, refresh_args). Whatever the first
-- read is (pairs, #, ipairs, a key), a hook sees what the dispatcher
-- shows. (One hook and no other notification: the path that leaves
-- them pending is the one for an event that differs from the last in its
-- tile only, for the hook that ran last.)
-- (A view kept past its call differs by design: the direct path reuses
-- one argument table, tests/hostile/h58_direct_view_escape.lua.)
local PLACED = [[
state { log = {} }
local function show(args)
  local keys = {}
  for k, v in pairs(args) do keys[#keys + 1] = k .. "=" .. (k == "tile" and "h" or tostring(v)) end
  table.sort(keys)
  return table.concat(keys, ",")
end
on("tile_placed", function(ctx, tile, args)
  local log, how = ctx.state.log, ctx.turn % 5
  local seen
  if how == 0 then seen = show(args)
  elseif how == 1 then seen = #args .. " " .. tostring(args.tile_id)
  elseif how == 2 then
    local n = 0
    for _ in ipairs(args) do n = n + 1 end
    seen = n .. " " .. tostring(args.tile_id)
  elseif how == 3 then seen = tostring(args.tile == tile)
  else seen = "unread" end
  log[#log + 1] = ctx.turn .. ":" .. seen .. ":" .. tile:info().id
end)
]]

do
  local direct_rs, disp_rs = load(PLACED), load(PLACED, "dispatcher")
  for seed = 1, 2 do
    local l1, l2 = log_of((play_out(direct_rs, seed))), log_of((play_out(disp_rs, seed)))
    check(#l1 > 60, ("seed %d: tile_placed ran (%d lines)"):format(seed, #l1))
    local same = #l1 == #l2
    for i = 1, #l1 do
      if l1[i] ~= l2[i] then
        same = false
        print(("seed %d line %d:\n  direct     %s\n  dispatcher %s"):format(seed, i, l1[i], tostring(l2[i])))
        break
      end
    end
    check(same, ("seed %d: tile_placed's args read the same on both paths"):format(seed))
  end
end

-- collect: hooks that offer moves (an action with named arguments, a
-- pass), offer nothing (nil, {}), or run only for some tiles; what they
-- saw is logged and the moves they offer are played.
local COLLECT = [[
phase "pick" { after = "place_figure" }
action "bonus" { args = { "n" } }
reason "bonus"
state { log = {} }
local calls = 0
collect("pick", function(ctx)
  calls = calls + 1
  local log = ctx.state.log
  log[#log + 1] = table.concat({ ctx.turn, ctx.phase, ctx.player, ctx.part }, "|")
  %s
  if ctx.turn %% 3 == 0 then
    return { { type = "action", action = "bonus", args = { n = ctx.turn %% 5 } }, nil, { type = "pass" } }
  end
  if ctx.turn %% 3 == 1 then return nil end
  return {}
end)
collect("pick", function(ctx)
  local log = ctx.state.log
  log[#log + 1] = "pennant " .. ctx.turn
  if ctx.turn %% 2 == 0 then return { { type = "action", action = "bonus", args = { n = 7 } } } end
end, { tiles = { "pennant" } })
on("action", function(ctx, move)
  if move.action == "bonus" then ctx:score(ctx.player, move.args.n, "bonus") end
end)
]]

-- ctx's fields are written where they changed (#41): two phases in
-- turn, two scripts' states, games one after another (the same C path
-- serves every play of the rules), a hook reading the game it is shown.
local COLLECT2 = [[
phase "pick" { after = "place_figure" }
phase "pick2" { after = "pick" }
state { n = 0 }
collect("pick", function(ctx)
  ctx.state.n = ctx.state.n + 1
  TRACE(("p1 %s %d %d %s"):format(ctx.phase, ctx.turn, ctx.state.n, tostring(ctx.game:tile_at(0, 0) ~= nil)))
end)
collect("pick2", function(ctx)
  ctx.state.n = ctx.state.n + 10
  TRACE(("p2 %s %d %d"):format(ctx.phase, ctx.player, ctx.state.n))
end)
]]
do
  local traces = {}
  for _, how in ipairs({ "direct", "dispatcher" }) do
    local lines = {}
    local rs = loader.load{ game = "base", rules = { script(COLLECT2) }, script_dirs = { "scripts" },
                            tile_dirs = { "tiles" }, run = function(chunk, code, api)
                              api.TRACE = function(s) lines[#lines + 1] = s end
                              return meeple_host.run(chunk, code, api)
                            end }
    if how == "dispatcher" then rs.hook_plan = make_dispatcher(rs, meeple_host, "dispatcher") end
    for seed = 1, 3 do play_out(rs, seed) end
    traces[how] = lines
  end
  check(#traces.direct > 200, "two phases' collects ran (" .. #traces.direct .. " calls)")
  check(table.concat(traces.direct, "\n") == table.concat(traces.dispatcher, "\n"),
        "collects in two phases, over three games: ctx shows the same on both paths")
end

do
  local direct_rs = load(COLLECT:format(""))
  local disp_rs = load(COLLECT:format(""), "dispatcher")
  for seed = 1, 3 do
    local g1 = play_out(direct_rs, seed)
    local g2 = play_out(disp_rs, seed)
    local l1, l2 = log_of(g1), log_of(g2)
    local pennants = 0
    for _, line in ipairs(l1) do if line:find("^pennant") then pennants = pennants + 1 end end
    check(#l1 > 40 and pennants > 0, ("seed %d: both collects ran (%d calls, %d for pennants)"):format(seed, #l1, pennants))
    check(table.concat(l1, "\n") == table.concat(l2, "\n"),
          ("seed %d: collect hooks see the same on both paths"):format(seed))
    check(g1:serialize() == g2:serialize(), ("seed %d: the same game on both paths (the moves offered were played)"):format(seed))
    local bonus = 0
    for _, sc in ipairs(g1:scores()) do bonus = bonus + sc end
    check(bonus > 0, "points were scored")
  end
end

-- A collect that fails once: an error after editing its state, an answer
-- that is no list, a move that does not read. The same message on both
-- paths; the move is undone, state included.
do
  local FAILS = {
    error = { [[if calls == 7 then ctx.state.log[1] = "edited"; error("boom in collect") end]], ":%d+: boom in collect" },
    answer = { [[if calls == 7 then return 42 end]], ":%d+: collect must return a list of moves, not a number" },
    move = { [[if calls == 7 then return { { type = "bogus" } } end]], ":%d+: collect: invalid option 'bogus'$" },
  }
  for _, kind in ipairs({ "error", "answer", "move" }) do
    local code, want = FAILS[kind][1], FAILS[kind][2]
    local got = {}
    for _, how in ipairs({ "direct", "dispatcher" }) do
      local game, errors = play_out(load(COLLECT:format(code), how), 2)
      check(#errors == 1, ("%s/%s: one move failed (got %d)"):format(kind, how, #errors))
      check(errors[1] and errors[1]:find(want) ~= nil,
            ("%s/%s: the message says why: %s"):format(kind, how, tostring(errors[1])))
      check(log_of(game)[1] ~= "edited", kind .. "/" .. how .. ": the failed call's state edit was undone")
      got[how] = errors[1]
    end
    check(got.direct == got.dispatcher, ("%s: the same message on both paths:\n  %s\n  %s"):format(
      kind, tostring(got.direct), tostring(got.dispatcher)))
  end
end

-- on("action"): two hooks of one action (the second with `...`), what
-- they see logged, points scored from the move's args; an answer of
-- true (only true) keeps the flow in the phase, so the collect offers
-- the action again, with other args.
local ACTION = [[
phase "act" { after = "place_figure" }
action "bump" { args = { "n" } }
reason "bump"
state { log = {}, again = 0 }
local calls = 0
collect("act", function(ctx)
  if ctx.turn %% 4 == 3 then return nil end
  local n = ctx.state.again == ctx.turn and 0 or ctx.turn %% 3
  return { { type = "action", action = "bump", args = { n = n } } }
end)
on("action", function(ctx, move, extra)
  calls = calls + 1
  local log = ctx.state.log
  log[#log + 1] = table.concat({ ctx.turn, ctx.phase, ctx.player, ctx.part, move.type, move.action,
    move.args.n, tostring(extra), tostring(pcall(function() move.n = 1 end)) }, "|")
  ctx:score(ctx.player, move.args.n + 1, "bump")
  %s
end)
on("action", function(ctx, ...)
  local move = ...
  local log = ctx.state.log
  log[#log + 1] = "second " .. select("#", ...)
  if move.args.n == 2 and ctx.state.again ~= ctx.turn then ctx.state.again = ctx.turn; return true end
  if move.args.n == 1 then return "true" end
  return 1, true
end)
]]

do
  local direct_rs, disp_rs = load(ACTION:format("")), load(ACTION:format(""), "dispatcher")
  for seed = 1, 3 do
    local g1, g2 = play_out(direct_rs, seed), play_out(disp_rs, seed)
    local l1, l2 = log_of(g1), log_of(g2)
    local again = 0
    for i = 3, #l1 do -- a turn's bump with n = 2, then (asked again) its bump with n = 0
      local turn = l1[i]:match("^(%d+)|.*|bump|0|")
      if turn and l1[i - 2]:match("^(%d+)|.*|bump|2|") == turn then again = again + 1 end
    end
    check(#l1 > 60 and again > 3, ("seed %d: the action hooks ran (%d lines), and true asked again (%d)"):format(seed, #l1, again))
    check(table.concat(l1, "\n") == table.concat(l2, "\n"),
          ("seed %d: on(\"action\") hooks see the same on both paths"):format(seed))
    check(g1:serialize() == g2:serialize(), ("seed %d: the same game on both paths"):format(seed))
  end
end

-- An action hook that fails once: an error after editing its state, or
-- one that runs past its instruction budget. The same message on both
-- paths; the move is undone, state included.
do
  local FAILS = {
    error = { [[if calls == 9 then ctx.state.log[1] = "edited"; error("boom in action") end]], ":%d+: boom in action" },
    budget = { [[if calls == 9 then ctx.state.log[1] = "edited"; while true do end end]], "budget" },
  }
  for _, kind in ipairs({ "error", "budget" }) do
    local code, want = FAILS[kind][1], FAILS[kind][2]
    local got = {}
    for _, how in ipairs({ "direct", "dispatcher" }) do
      local game, errors = play_out(load(ACTION:format(code), how), 2)
      check(#errors == 1, ("action %s/%s: one move failed (got %d)"):format(kind, how, #errors))
      check(errors[1] and errors[1]:find(want) ~= nil,
            ("action %s/%s: the message says why: %s"):format(kind, how, tostring(errors[1])))
      check(log_of(game)[1] ~= "edited", "action " .. kind .. "/" .. how .. ": the failed call's state edit was undone")
      got[how] = errors[1]
    end
    check(got.direct == got.dispatcher, ("action %s: the same message on both paths:\n  %s\n  %s"):format(
      kind, tostring(got.direct), tostring(got.dispatcher)))
  end
end

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
