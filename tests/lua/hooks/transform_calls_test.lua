-- Transforms the flow calls itself (bindings/hooks/hook_transform.c) fold as
-- the Lua dispatcher does: the same calls in the same order (narrowed by
-- kinds and attributes), the same view of the feature, the points so far,
-- args (phase, when, value, leaders) and ctx, the same answers kept, so
-- the same games; and a bad answer gives the dispatcher's message. Plays
-- games whose transforms change points, leaders and extra parts and trace
-- every call, once on the C path and once through the dispatcher
-- (meeple.loader.simulate with `dispatcher`), and compares.
--
-- Run from the repository root:  meeple script tests/lua/hooks/transform_calls_test.lua

local loader = require "meeple.loader"

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local t = require("testlib").new("transform_calls")
local function check(cond, msg) return t:ok(cond, msg) end

local trace
local cleanups = {}
local function load(codes, with, options, game)
  local rules, cleanup = t.rule_files(codes)
  cleanups[#cleanups + 1] = cleanup
  local function run(chunkname, code, api)
    api.TRACE = function(s) trace[#trace + 1] = s end
    return meeple_host.run(chunkname, code, api)
  end
  return loader.load{ game = game or "base", with = with or {}, rules = rules, run = run, options = options,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

local function traced(rs, dispatcher, games)
  trace = {}
  local ok, list = pcall(loader.simulate, rs, { games = games or 6, players = 2, seed = 7,
                                                dispatcher = dispatcher })
  return trace, ok, list
end

local function compare(name, codes, with, options, game)
  local rs = load(codes, with, options, game)
  local direct, ok1, games1 = traced(rs, false)
  local dispatched, ok2, games2 = traced(rs, true)
  check(ok1 and ok2, ("%s: both ran (%s / %s)"):format(name, tostring(ok1 or games1), tostring(ok2 or games2)))
  check(#direct > 20, name .. ": the transforms ran (" .. #direct .. " calls)")
  check(#direct == #dispatched, ("%s: as many calls: %d from C, %d dispatched"):format(
    name, #direct, #dispatched))
  local first_diff
  for i = 1, math.max(#direct, #dispatched) do
    if direct[i] ~= dispatched[i] then first_diff = i; break end
  end
  check(first_diff == nil, first_diff and ("%s: call %d: from C '%s', dispatcher '%s'"):format(
    name, first_diff, tostring(direct[first_diff]), tostring(dispatched[first_diff])) or name .. ": same calls")
  if ok1 and ok2 then
    for g = 1, #games1 do
      check(table.concat(games1[g].scores, ",") == table.concat(games2[g].scores, ",")
            and games1[g].moves == games2[g].moves, name .. ": game " .. g .. ": the same moves and scores")
    end
  end
  return direct
end

-- A reads all a feature_points hook sees and changes points and leaders;
-- B is about cities only, C about features with a pennant; D asks for an
-- extra part now and then and reads the stack it is given.
local A = [[
state { n = 0 }
transform("feature_points", function(ctx, f, points, args)
  ctx.state.n = ctx.state.n + 1
  local keys = {}
  for k in pairs(args) do keys[#keys + 1] = k end
  table.sort(keys)
  local leaders = {}
  for i, p in ipairs(args.leaders) do leaders[i] = p end
  TRACE(("A %s %s %s p%d v%d %s L[%s] #%d ph%s t%d pl%d n%d same=%s closed=%s [%s]"):format(
    ctx.phase, args.phase, f:kind(), points, args.value, args.when, table.concat(leaders, ","),
    #args.leaders, tostring(ctx.part), ctx.turn, ctx.player, ctx.state.n,
    tostring(args.feature == f), tostring(f:closed()), table.concat(keys, " ")))
  if f:kind() == "road" then return points + 1 end
  if f:kind() == "cloister" and args.when == "final" then return points, {} end
  if f:kind() == "city" and #args.leaders == 2 then return nil, { args.leaders[1] } end
end)
]]
local B = [[
transform("feature_points", function(ctx, f, points, args)
  TRACE(("B %s %d %s"):format(f:kind(), points, args.when))
  return points * 2
end, { kinds = { "city" } })
]]
local C = [[
transform("feature_points", function(ctx, f, points)
  TRACE(("C %s %d %d"):format(f:kind(), points, f:attr("pennant")))
  return 3.0 + points
end, { attrs = { "pennant" } })
]]
local D = [[
transform("extra_part", function(ctx, stack)
  TRACE(("D %s t%d p%d %s"):format(tostring(stack), ctx.turn, ctx.part, ctx.phase))
  if ctx.part == 1 and ctx.turn % 7 == 0 then return "main" end
  if ctx.turn % 11 == 0 then return false end
end)
]]
compare("points, leaders and extra parts", { A, B, C, D })
compare("with traders and builders (the builder's extra part)", { A, D }, { "traders_builders" })
local E = [[
transform("extra_part", function(ctx, stack) TRACE(("E %s t%d p%d"):format(tostring(stack), ctx.turn, ctx.part)) end)
]]
compare("hunters and gatherers, reading B (its own transforms)", { A, E }, nil,
        { extra_after_last = "false" }, "hunters_gatherers")

-- `ties = true`: called only when two or more players lead, on the C path
-- (the flow skips a kind every hook about it says ties of) as through the
-- dispatcher; a hook beside it without ties still runs for every feature.
do
  local F = [[
transform("feature_points", function(ctx, f, points, args)
  TRACE(("F %s %d L%d"):format(f:kind(), points, #args.leaders))
  return points + 1
end, { kinds = { "city", "road" }, ties = true })
]]
  local G = [[
transform("feature_points", function(ctx, f, points, args)
  TRACE(("G %s L%d"):format(f:kind(), #args.leaders))
end, { kinds = { "road" } })
]]
  for _, set in ipairs({ { F }, { F, G } }) do
    local rs = load(set)
    local direct, ok1 = traced(rs, false, 40)
    local dispatched, ok2 = traced(rs, true, 40)
    local name = #set == 1 and "ties alone" or "ties beside a hook without"
    check(ok1 and ok2, name .. ": both ran")
    check(table.concat(direct, "|") == table.concat(dispatched, "|"),
          name .. ": the same calls from C and dispatched")
    local f_calls, g_calls, untied = 0, 0, 0
    for _, line in ipairs(direct) do
      local who, n = line:match("^(%a) .- L(%d+)$")
      if who == "F" then f_calls = f_calls + 1; if tonumber(n) < 2 then untied = untied + 1 end end
      if who == "G" then g_calls = g_calls + 1 end
    end
    check(f_calls > 0 and untied == 0, ("%s: %d calls, each with two or more leaders (%d not)"):format(
      name, f_calls, untied))
    if #set == 2 then check(g_calls > f_calls, name .. ": the other hook runs for every road") end
  end
  local ok, err = pcall(load, { 'on("turn_end", function() end, { ties = true })' })
  check(not ok and tostring(err):find("'ties' only narrows", 1, true), "ties elsewhere is refused: " .. tostring(err))
end

-- What only the C path could get wrong: each call its own budget, and
-- bad answers read as the dispatcher's.
local function error_of(code, dispatcher, with)
  local rs = load({ code }, with)
  local ok, err = pcall(loader.simulate, rs, { games = 3, players = 2, seed = 1, dispatcher = dispatcher })
  return not ok and tostring(err):gsub("/tmp/lua_%w+%.lua", "F") or "no error"
end
for _, case in ipairs({
  { 'transform("feature_points", function() return "x" end)', "F:1: feature_points must return an integer, not a string" },
  { 'transform("feature_points", function() return "12" end)', "F:1: feature_points must return an integer, not a string" },
  { 'transform("feature_points", function() return {} end)', "F:1: feature_points must return an integer, not a table" },
  { 'transform("feature_points", function() return 1.5 end)', "F:1: feature_points must return an integer, not 1.5" },
  { 'transform("feature_points", function() return 1e300 end)', "F:1: feature_points must return an integer, not 1e+300" },
  { 'transform("feature_points", function() return 0/0 end)', "F:1: feature_points must return an integer, not " },
  -- out of the flow's 32 bits: the hook's line and the value, not the flow's bare "value out of range"
  { 'transform("feature_points", function() return 2^40 end)',
    "F:1: feature_points returned 1099511627776, out of range (-1000000 to 1000000)" },
  { 'transform("feature_points", function() return math.maxinteger end)',
    "F:1: feature_points returned 9223372036854775807, out of range (-1000000 to 1000000)" },
  { 'transform("feature_points", function() return 1000001 end)',
    "F:1: feature_points returned 1000001, out of range (-1000000 to 1000000)" },
  { 'transform("feature_points", function() return -2^31 - 1 end)',
    "F:1: feature_points returned -2147483649, out of range (-1000000 to 1000000)" },
  { 'transform("feature_points", function(c, f, p) return p end)\ntransform("feature_points", function() return math.mininteger end)',
    "F:2: feature_points returned -9223372036854775808, out of range" },
  { 'transform("feature_points", function(c, f, p) return p, { 9 } end)', "leaders[1] is not a player" },
  { 'transform("feature_points", function(c, f, p) return p, { 1, "a" } end)', "leaders[2] is not a player" },
  { 'transform("extra_part", function() return "nope" end)', "unknown stack 'nope'" },
  { 'transform("extra_part", function() return 4 end)', "unknown stack a number" },
  { 'transform("extra_part", function() error("boom") end)', "boom" },
  { 'transform("feature_points", function(c, f, p, args) args.value = 1 end)', "read-only" },
  { 'transform("feature_points", function() while true do end end)', "budget" },
}) do
  local from_c, dispatched = error_of(case[1], false), error_of(case[1], true)
  check(from_c:find(case[2], 1, true) ~= nil, ("%s: %s"):format(case[2], from_c))
  check(not from_c:find("\n", 1, true), "one line: " .. from_c)
  check(from_c == dispatched, ("the same message from C and dispatched: '%s' / '%s'"):format(from_c, dispatched))
end

-- A transform may make points negative (a penalty): the leaders are
-- scored below zero, and the points are not taken for an error code.
do
  local code = 'transform("feature_points", function(c, f, p) TRACE(tostring(p)) return -p - 1 end)'
  local direct = compare("negative points", { code })
  local rs = load({ code })
  trace = {}
  local ok, list = pcall(loader.simulate, rs, { games = 2, players = 2, seed = 7 })
  check(ok, "negative points are scored: " .. tostring(ok or list))
  local lowest = 0
  for _, g in ipairs(ok and list or {}) do
    for _, score in ipairs(g.scores) do lowest = math.min(lowest, score) end
  end
  check(#direct > 20 and lowest < 0, "a player ends below zero (" .. lowest .. ")")
end

-- A budget per call: a transform using most of one call's budget runs on
-- every scored feature.
do
  local rs = load({ [[
transform("feature_points", function(ctx, f, p)
  local s = 0
  for i = 1, 3000 do s = s + i end
  return p
end)
]] })
  meeple_host.set_limits(20000)
  local ok, err = pcall(loader.simulate, rs, { games = 2, players = 2, seed = 1 })
  meeple_host.set_limits(10000000)
  check(ok, "each call gets the call budget: " .. tostring(err))
end

for _, cleanup in ipairs(cleanups) do cleanup() end
t:done()
