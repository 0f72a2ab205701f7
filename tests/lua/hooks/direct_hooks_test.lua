-- Notifications the flow calls itself (bindings/hooks/hook_direct.c) show what
-- the Lua dispatcher shows: the same ctx fields, subject and args, call
-- after call. The direct path skips its setup when an event shows what
-- the last one showed, so this plays games whose hooks read everything
-- (and some read nothing, which takes that short path) and compares a
-- trace of every call with the dispatcher's (meeple.loader.simulate with
-- `dispatcher` sends every hook through it), then checks what
-- each event must show.
--
-- Run from the repository root:  meeple script tests/lua/hooks/direct_hooks_test.lua

local loader = require "meeple.loader"

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local testlib = require("testlib")
local t = testlib.new("direct_hooks")
local function check(cond, msg) return t:ok(cond, msg) end

-- Two house rules: A reads every field in some hooks and nothing lazy in
-- others; B shares turn_begin with A, so the running hook changes.
local A = [[
state { n = 0 }
local function show(v) return v == nil and "nil" or type(v) end
on("turn_begin", function(ctx, subject, args)
  ctx.state.n = ctx.state.n + 1
  TRACE(("tb %s t%d p%d s=%s tile=%s move=%s v=%s n=%d"):format(ctx.phase, ctx.turn, ctx.player,
        show(subject), show(args.tile), show(args.move), tostring(args.value), ctx.state.n))
end)
on("tile_drawn", function(ctx, tile, args)
  TRACE(("td %s t%d p%d s=%s same=%s id=%s move=%s v=%s"):format(ctx.phase, ctx.turn, ctx.player,
        tostring(tile), tostring(tile == args.tile and tile == ctx.play:tile()), show(args.tile_id),
        show(args.move), tostring(args.value)))
end)
on("tile_placed", function(ctx, tile, args)
  TRACE(("tp %s id=%s same=%s v=%s"):format(args.phase, args.tile_id,
        tostring(tile:info().id == args.tile_id), tostring(args.value)))
end)
on("figure_placed", function(ctx, move, args)
  TRACE(("fp %s %s tile=%s"):format(ctx.phase, move.type, show(args.tile)))
end)
on("turn_end", function(ctx, subject, args)   -- reads no lazy field
  TRACE(("te %s s=%s tile=%s move=%s v=%s"):format(ctx.phase, show(subject), show(args.tile),
        show(args.move), tostring(args.value)))
end)
on("final_scoring", function(ctx, subject, args)
  TRACE(("fs %s s=%s tile=%s n=%d"):format(args.phase, show(subject), show(args.tile), ctx.state.n))
end)
]]
local B = [[
state { m = 100 }
on("turn_begin", function(ctx)
  if ctx.turn % 3 == 0 then
    ctx.state.m = ctx.state.m + 1
    TRACE(("tb2 t%d m=%d"):format(ctx.turn, ctx.state.m))
  end
end)
]]

local trace
local cleanups = {}
local function load(codes)
  local rules, cleanup = testlib.rule_files(codes)
  cleanups[#cleanups + 1] = cleanup
  local function run(chunkname, code, api)
    api.TRACE = function(s) trace[#trace + 1] = s end
    return meeple_host.run(chunkname, code, api)
  end
  return loader.load{ game = "base", rules = rules, run = run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

local function traced(rs, profile)
  trace = {}
  local games = loader.simulate(rs, { games = 6, players = 2, seed = 11, dispatcher = profile ~= nil })
  return trace, games
end

-- The direct trace of codes, after checking it against the dispatcher's.
local function compare(name, codes)
  local rs = load(codes)
  local direct, direct_games = traced(rs, nil)
  local dispatched, dispatched_games = traced(rs, {})
  check(#direct > 200, name .. ": the hooks ran (" .. #direct .. " calls)")
  check(#direct == #dispatched, ("%s: as many calls: %d direct, %d dispatched"):format(
    name, #direct, #dispatched))
  local first_diff
  for i = 1, math.max(#direct, #dispatched) do
    if direct[i] ~= dispatched[i] then first_diff = i; break end
  end
  check(first_diff == nil, first_diff and ("%s: call %d: direct '%s', dispatcher '%s'"):format(
    name, first_diff, tostring(direct[first_diff]), tostring(dispatched[first_diff])) or "")
  for g = 1, #direct_games do
    check(table.concat(direct_games[g].scores, ",") == table.concat(dispatched_games[g].scores, ","),
          name .. ": game " .. g .. ": the same scores")
  end
  return direct
end

-- One hook alone is called again and again by the short path, unless
-- its event shows something new: the phase, the tile, a lazy field.
compare("phase alone", { [[
phase "look" { after = "place_tile" }
phase "look_again" { after = "look" }
on("phase", function(ctx, subject, args)
  TRACE(ctx.phase .. " " .. args.phase .. " " .. tostring(subject) .. " " .. tostring(args.tile))
end)
]] })
compare("tile_placed alone", { [[
on("tile_placed", function(ctx, tile, args)
  local info = tile:info()
  TRACE(args.tile_id .. " " .. info.id .. " " .. info.x .. "," .. info.y .. " " .. ctx.phase)
end)
]] })
-- tile_placed hooks all narrowed by the same tiles take the direct path
-- (the flow's own filter chose the tile for each, #41): the same calls as
-- the dispatcher's, for the pennant tiles only; a turn_begin hook beside
-- them, so the running hook changes.
compare("tile_placed narrowed, the same tiles", { [[
on("tile_placed", function(ctx, tile, args)
  local info = tile:info()
  TRACE("n1 " .. args.tile_id .. " " .. info.x .. "," .. info.y .. " " .. ctx.phase .. " p" .. ctx.player)
end, { tiles = { "pennant", "start" } })
on("turn_begin", function(ctx) TRACE("tb t" .. ctx.turn) end)
]], [[
on("tile_placed", function(ctx, tile)
  TRACE("n2 " .. tile:info().id)
end, { tiles = { "start", "pennant" } })
]] })

-- A handle stays its tile's: a hook that keeps the handles of earlier
-- calls reads the tiles they were made for (the short path of a placed
-- tile makes a new handle each time, it does not rewrite one). Handles
-- are values: the same tile's, however reached, is one table key.
compare("tile_placed, kept handles", { [[
local kept, keys, n_keys = {}, {}, 0
on("tile_placed", function(ctx, tile, args)
  if ctx.turn == 1 then kept, keys, n_keys = {}, {}, 0 end   -- a new game
  local info = tile:info()
  kept[#kept + 1] = { tile, info.x, info.y, args.tile }
  for i = math.max(1, #kept - 3), #kept do
    local k = kept[i]
    local ki = k[1]:info()
    if ki.x ~= k[2] or ki.y ~= k[3] or k[4] ~= k[1] then error("kept handle " .. i .. " moved") end
  end
  for _, h in ipairs{ tile, args.tile, ctx.game:tile_at(info.x, info.y), kept[1][1] } do
    if not keys[h] then keys[h], n_keys = true, n_keys + 1 end
  end
  if n_keys ~= #kept then error("one tile, one key: " .. n_keys .. " keys, " .. #kept .. " tiles") end
  TRACE(args.tile_id .. " " .. info.x .. "," .. info.y .. " kept " .. #kept .. " keys " .. n_keys)
end)
]] })
-- Two hooks of one event: the second sees the same tile and play, also
-- after the first called a method of the play (which points the play's
-- stack slot into the method's frame: the calls keep their own).
compare("tile_placed twice, play methods", { [[
on("tile_placed", function(ctx, tile, args)
  TRACE("1 " .. args.tile_id .. " " .. ctx.play:player() .. " " .. ctx.play:turn())
end)
on("tile_placed", function(ctx, tile, args)
  local info = tile:info()
  TRACE("2 " .. args.tile_id .. " " .. info.id .. " " .. info.x .. "," .. info.y .. " " ..
        tostring(ctx.play):match("^meeple play") .. " " .. ctx.play:turn() .. " " .. ctx.turn)
end)
on("turn_end", function(ctx) TRACE("te1 " .. ctx.play:part()) end)
on("turn_end", function(ctx) TRACE("te2 " .. tostring(ctx.play):match("^meeple play") .. " " .. ctx.play:turn()) end)
]] })
-- tile_drawn alone: every event shows a new tile id (the short path
-- must not keep the last one); a hook blind to its arguments between
-- two that see them; a placed tile's args after a drawn one's.
compare("tile_drawn alone", { [[
on("tile_drawn", function(ctx, tile, args)
  TRACE("td " .. tile .. " " .. args.tile .. " " .. args.value .. " " .. tostring(args.tile_id))
end)
]] })
compare("tile_drawn, blind and seeing hooks, then tile_placed", { [[
on("tile_drawn", function(ctx, tile) TRACE("td1 " .. tile) end)
on("tile_drawn", function(ctx) TRACE("td2 " .. ctx.turn) end)
on("tile_drawn", function(ctx, tile, args) TRACE("td3 " .. tile .. " " .. args.tile .. " " .. args.phase) end)
on("tile_placed", function(ctx, tile, args)
  TRACE("tp " .. args.tile_id .. " " .. tostring(args.tile == tile) .. " " .. args.phase)
end)
on("turn_begin", function(ctx, subject, args) TRACE("tb " .. tostring(subject) .. " " .. tostring(args.tile)) end)
]] })
compare("turn_end alone, lazy fields", { [[
on("turn_end", function(ctx) TRACE("te " .. ctx.turn .. " " .. ctx.player .. " " .. ctx.part) end)
]] })

-- A hook gets only the arguments its function has parameters for (the
-- sandbox has no debug library, so it could not reach the others): the
-- call builds nothing else, a later hook still sees its event in full,
-- and a handle it keeps stays its tile's.
local blind = compare("hooks that see fewer arguments", { [[
local kept = {}
on("tile_placed", function(ctx, tile)
  if ctx.turn == 1 then kept = {} end
  local info = tile:info()
  kept[#kept + 1] = { tile, info.x, info.y }
  for i = math.max(1, #kept - 3), #kept do
    local ki = kept[i][1]:info()
    if ki.x ~= kept[i][2] or ki.y ~= kept[i][3] then error("kept handle " .. i .. " moved") end
  end
  TRACE("tp2 " .. info.id .. " " .. info.x .. "," .. info.y)
end)
on("turn_begin", function() TRACE("tb0") end)
on("final_scoring", function(ctx, subject, args)
  TRACE(("fs %s tile=%s id=%s"):format(args.phase, tostring(args.tile), tostring(args.tile_id)))
end)
]] })
for _, line in ipairs(blind) do
  if line:match("^fs ") then
    check(line:find("tile=nil id=nil", 1, true), "final_scoring after blind tile_placed calls: " .. line)
  end
end
-- Hooks that take (ctx) or (ctx, subject) leave the argument table as it
-- was (no move table, no leaders list built, #39): a later event's hooks
-- that see the arguments still see their own event's, never a move,
-- feature or leaders left from an event the blind hooks saw; and in one
-- event, a hook that sees everything after blind ones sees it all.
compare("figure_placed and feature_scored, blind then seeing", { [[
local function show(v) return v == nil and "nil" or type(v) end
on("figure_placed", function(ctx) TRACE("fp0 " .. ctx.phase) end)
on("figure_placed", function(ctx, move) TRACE("fp1 " .. move.type .. " " .. move.figure) end)
on("figure_placed", function(ctx, move, args)
  if ctx.turn % 4 == 0 then
    TRACE(("fp2 %s %s %s %s"):format(move.type, args.move.figure, show(args.feature), show(args.tile)))
  end
end)
on("feature_scored", function(ctx, f) TRACE("fs1 " .. f:kind() .. " " .. tostring(f:closed())) end)
on("feature_scored", function(ctx, f, args)
  if ctx.turn % 3 == 0 then
    TRACE(("fs2 %s %s %d %s"):format(f:kind(), args.when, #args.leaders, tostring(args.feature == f)))
  end
end)
on("turn_end", function(ctx, subject, args)
  TRACE(("te %s move=%s feature=%s when=%s leaders=%s tile=%s v=%s"):format(ctx.phase, show(subject),
        show(args.move), show(args.feature), show(args.when), show(args.leaders), show(args.tile),
        tostring(args.value)))
end)
]] })
compare("a vararg hook, then one that sees only ctx", { [[
on("tile_placed", function(...)
  local ctx, tile, args = ...
  TRACE(select("#", ...) .. " " .. args.tile_id .. " " .. tile:info().id .. " " ..
        tostring(tile == args.tile) .. " " .. ctx.phase)
end)
on("turn_end", function(ctx) TRACE("te " .. ctx.phase) end)
]] })

-- A hook that sees nothing still runs, and its failure still undoes the
-- whole move.
do
  local rs = load{ [[
local calls = 0
on("tile_placed", function()
  calls = calls + 1
  if calls == 4 then error("blind boom") end
end)
]] }
  local play = loader.new_play(rs, { players = 2, seed = 5 })
  local failures = 0
  while not play:over() do
    local before = play:game():serialize()
    local i = play:random_choice()
    local ok, err = pcall(play.apply_index, play, i)
    if not ok then
      failures = failures + 1
      check(tostring(err):find("blind boom", 1, true), "a blind hook's error: " .. tostring(err))
      check(play:game():serialize() == before, "a blind hook's failed move is undone")
      play:apply_index(i)
    end
  end
  check(failures == 1, "the blind hook failed once (" .. failures .. ")")
end

local direct = compare("every notification, two scripts", { A, B })

-- What each event must show, in the direct trace.
local seen, last_turn = {}, 0
for _, line in ipairs(direct) do
  local ev = line:match("^(%S+)")
  seen[ev] = (seen[ev] or 0) + 1
  if ev == "tb" then
    local t = tonumber(line:match(" t(%d+) "))
    check(t == last_turn + 1 or t == 1, "turn_begin turns count up: " .. line)
    last_turn = t
    check(line:find("s=nil tile=nil move=nil v=0", 1, true), "turn_begin shows no subject: " .. line)
  elseif ev == "te" then
    check(line:find("s=nil tile=nil move=nil v=0", 1, true), "turn_end shows no subject: " .. line)
  elseif ev == "td" then
    check(line:find("s=%S+ same=true id=nil move=nil v=%d+$") and not line:find("s=nil", 1, true),
          "tile_drawn: the drawn tile's id: " .. line)
  elseif ev == "tp" then
    check(line:find("same=true", 1, true) and line:find("v=0", 1, true), "tile_placed: the tile: " .. line)
  elseif ev == "fp" then
    check(line:find(" deploy tile=nil", 1, true), "figure_placed: a deploy move: " .. line)
  elseif ev == "fs" then
    check(line:find("s=nil tile=nil", 1, true), "final_scoring shows no subject: " .. line)
  end
end
for _, ev in ipairs{ "tb", "tb2", "td", "tp", "fp", "te", "fs" } do
  check((seen[ev] or 0) > 0, "event " .. ev .. " seen")
end
check(seen.fs == 6, "final_scoring once per game")

for _, cleanup in ipairs(cleanups) do cleanup() end
t:done()
