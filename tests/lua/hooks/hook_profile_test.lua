-- The hook profile (`meeple bench`, `meeple sim --profile`; bindings/
-- hook_profile.c) counts every call of every hook kind on the path the
-- flow really calls it by: direct notifications (hook_direct.c), vetoes
-- (hook_veto.c), transforms (hook_transform.c), collects
-- (hook_collect.c) and the Lua dispatcher.
-- Scripts whose hooks count their own calls through a host function play
-- games under the profile; each hook's calls must equal its own count,
-- its path must be the one expected, its time must be there, and the
-- profiled games must be the games an unprofiled run plays.
--
-- Run from the repository root:  meeple script tests/lua/hooks/hook_profile_test.lua

local loader = require "meeple.loader"
local hook_profile = require "meeple.cli.hook_profile"

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local t = require("testlib").new("hook_profile")
local function check(cond, msg) return t:ok(cond, msg) end

local counts
local cleanups = {}
local function load(codes, with)
  local rules, cleanup = t.rule_files(codes)
  cleanups[#cleanups + 1] = cleanup
  local function run(chunkname, code, api)
    api.COUNT = function(n) counts[n] = (counts[n] or 0) + 1 end
    return meeple_host.run(chunkname, code, api)
  end
  return loader.load{ game = "base", with = with or {}, rules = rules, run = run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- Every hook kind, none narrowed: the notifications the flow calls
-- itself, the vetoes, and the rest through the dispatcher. Each hook
-- counts under its declaration number (its record's `order`).
local PLAIN = [[
phase "count_idle" { after = "score" }
phase "count_pick" { after = "count_idle" }
action "count_nop" { args = { "x" } }
on("turn_begin", function() COUNT(1) end)
on("tile_drawn", function() COUNT(2) end)
on("tile_placed", function() COUNT(3) end)
on("figure_placed", function() COUNT(4) end)
on("feature_scored", function() COUNT(5) end)
on("turn_end", function() COUNT(6) end)
on("final_scoring", function() COUNT(7) end)
on("phase", function() COUNT(8) end)
allow("tile_placement", function() COUNT(9) return true end)
allow("figure_placement", function() COUNT(10) return true end)
transform("feature_points", function(ctx, f, v) COUNT(11) return v + 1 end)
transform("extra_part", function() COUNT(12) end)
collect("count_pick", function(ctx)
  COUNT(13)
  if ctx.turn % 3 == 0 then return { { type = "action", action = "count_nop", args = { x = 1 } } } end
  return {}
end)
on("action", function() COUNT(14) end)
]]

-- The narrowed forms: a tile_placed hook about some tiles (the whole
-- event then dispatches), a veto scoped to tiles, feature points about
-- one kind, and a collect about some tiles.
local NARROWED = [[
phase "count_pick" { after = "score" }
on("tile_placed", function() COUNT(1) end, { tiles = { "pennant" } })
on("tile_placed", function() COUNT(2) end)
allow("tile_placement", function() COUNT(3) return true end, { tiles = { "pennant" } })
transform("feature_points", function(ctx, f, v) COUNT(4) return v end, { kinds = { "city" } })
collect("count_pick", function() COUNT(5) return {} end, { tiles = { "pennant" } })
]]

local GAMES = 12

local function profiled(rs)
  counts = {}
  local report = hook_profile.measure({ rs = rs, players = 2, seed = 3 }, GAMES)
  return report, counts
end

local function same_games(rs, name)
  counts = {}
  local plain = loader.simulate(rs, { players = 2, games = GAMES, seed = 3 })
  local timed = loader.simulate(rs, { players = 2, games = GAMES, seed = 3, profile = true })
  for g = 1, GAMES do
    check(table.concat(plain[g].scores, ",") == table.concat(timed[g].scores, ",")
          and plain[g].moves == timed[g].moves, ("%s: game %d: the profiled run plays it the same"):format(name, g))
  end
end

-- paths: the expected path of each hook by its declaration number
local function check_profile(name, rs, paths)
  local report, own = profiled(rs)
  check(#report.rows == #rs.hooks, name .. ": one row per hook")
  local total = 0
  for i, h in ipairs(rs.hooks) do
    local row, n = report.rows[i], own[h.order] or 0
    local label = ("%s: %s (%s)"):format(name, row.event, row.where)
    check(n > 0, label .. ": the hook ran")
    check(row.calls == n, ("%s: profiled calls %d == its own count %d"):format(label, row.calls, n))
    check(row.paths == paths[h.order], ("%s: path %s, expected %s"):format(label, row.paths, paths[h.order]))
    check(row.calls == 0 or row.seconds > 0, label .. ": its time is measured")
    total = total + row.seconds
  end
  check(report.seconds > 0 and total + report.unclaimed <= report.seconds * 1.001,
        ("%s: the hooks' time (%.6f s) is within the run's (%.6f s)"):format(name, total, report.seconds))
  same_games(rs, name)
  return report
end

local PLAIN_PATHS = {
  "direct", "direct", "direct", "direct", "direct", "direct", "direct", "direct",
  "veto", "veto", "transform", "transform", "collect", "direct",
}
local report = check_profile("plain", load{ PLAIN }, PLAIN_PATHS)
check_profile("narrowed", load{ NARROWED },
              { "dispatcher", "dispatcher", "veto", "transform", "collect" })
check_profile("traders_builders", load({ PLAIN }, { "traders_builders" }), PLAIN_PATHS)

-- The printed table: a row per hook with its path, and the total.
local lines = {}
hook_profile.print(report, function(fmt, ...) lines[#lines + 1] = fmt:format(...) end)
check(lines[1]:find("profiled over " .. GAMES .. " games", 1, true) ~= nil, "title names the games")
check(lines[3]:match("turn_begin%s+direct%s+[%d.]+%s+[%d.]+%s+[%d.]+%%") ~= nil,
      "a row: path, calls/game, us/call, share: " .. tostring(lines[3]))
check(lines[#lines]:match("^%s*all hooks %([%d.]+ us a game%)%s+[%d.]+%%\n$") ~= nil,
      "the last line totals the hooks: " .. tostring(lines[#lines]))

-- A profile is one at a time, and stopping twice gives nothing.
meeple_host.profile_start({})
check(not pcall(meeple_host.profile_start, {}), "a second profile is refused")
check(meeple_host.profile_stop() ~= nil and meeple_host.profile_stop() == nil, "stop ends it once")

for _, c in ipairs(cleanups) do c() end
return t:done()
