-- Fuzz driver: random hook scripts. The bytes choose hooks, statements
-- (from STMTS: the hook API used well and badly) and answers; the script
-- is loaded as a house rule and a game is played with it. Any move may
-- fail; a failed move must leave the game exactly as it was (else this
-- driver raises, which the harness reports as a finding).
local loader = require "meeple.loader"

local HOOKS = {
  { 'on("turn_begin", function(ctx)', "" },
  { 'on("tile_placed", function(ctx, tile)', "" },
  { 'on("feature_scored", function(ctx, feature)', "" },
  { 'allow("tile_placement", function(ctx, move)', "return %s" },
  { 'allow("figure_placement", function(ctx, move)', "return %s" },
  { 'collect("place_figure", function(ctx)', "return %s" },
  { 'transform("feature_points", function(ctx, feature, value)', "return value" },
  { 'transform("extra_part", function(ctx)', "return %s" },
}
local ANSWERS = { "true", "false", "nil", "'main'", "{}", "{{type = 'pass'}}",
  "{{type = 'deploy', figure = 'meeple', at = {cell = {0, 0}}}}",
  "{{type = 'deploy', figure = 'meeple', at = ctx.game:features()[1]}}",
  "setmetatable({}, {__len = function() return 1 << 40 end})", "1.5", "ctx",
  -- named action arguments (docs/lua-api.md, action), well and badly
  "{{type = 'action', action = 'fz', args = {x = 1, y = -2}}}", "{{type = 'action', action = 'fz', args = {1, 2}}}",
  "{{type = 'action', action = 'fz', args = {x = 1, yy = 2}}}", "{{type = 'action', action = 'fz', args = {x = 1e300, y = 0}}}",
  "{{type = 'action', action = 'fz', args = 'x'}}", "{{type = 'action', action = 'fz', args = {x = 1, [1] = 2}}}",
  "{{type = 'action', action = 'fz', args = setmetatable({}, {__index = error})}}" }
local STMTS = {
  "ctx.state.n = (ctx.state.n or 0) + 1", "ctx.game:score(1, 1, 'bonus')",
  "local _ = ctx.game:scores()", "local _ = ctx.player + ctx.turn + ctx.part",
  "ctx.play:restore(ctx.play)", "ctx.play:random_move()", "local _ = ctx.play:clone()",
  "ctx.game:deploy(1, 'meeple', {cell = {0, 0}})", "ctx.game:place_fixed('D', 40, 40, 0)",
  "local _ = ctx.play:moves()", "local _ = ctx.play:find_move('pass')",
  "ctx.game:clone():replay({{event = 'score', player = math.mininteger, points = 1, reason = 'bonus'}})",
  "local _ = string.rep('x', 1 << 20)", "local _ = string.rep('', math.maxinteger)",
  "table.insert(setmetatable({}, {__len = function() return 1 << 40 end}), 1, 0)",
  "local _ = ('a'):rep(300):find('.-.-.-.-b')", "table.sort({3, 1, 2})",
  "ctx.state.t = {1, 2, {3, {4}}}", "ctx.state.t = nil", "ctx.state.f = print",
  "ctx.state.c = ctx.state", "error('boom')", "error(setmetatable({}, {__tostring = error}))",
  "pcall(error, {})", "local _ = getmetatable(ctx)", "local _ = getmetatable(ctx.game)",
  "ctx.game:set_blob(1, '{[\"n\"]=2,}')", "ctx.game:set_blob(1, 'garbage(')",
  "for i = 1, 1000 do end", "while true do end", "ctx.play:end_game()",
  "local _ = ctx.game:features()", "if tile then local _ = tile:features() end",
  "if feature then local _ = feature:figures() end", "if move then move.x = 99 end",
  "local _ = ctx.game:supply(1, 'meeple')", "x_global = 1", "ctx.x = 1", "rawset(ctx, 'game', 1)",
  "print('fuzz')", "local t = {} for i = 1, 1e6 do t[i] = i end",
  "local _ = ctx.option('none')", "ctx:score(2, 3)", "local _ = #ctx.game:placed_figures()",
}

-- One rule set for every input: a house rule whose hooks call the
-- functions the input compiles to (slots), so an input costs a compile
-- and a short game, not a load.
local slots = {}
local EVENTS = { "turn_begin", "tile_placed", "feature_scored", "allow_tile", "allow_figure",
                 "collect", "points", "extra" }
local TRAMPOLINE = [[
state { n = 0 }
local function call(name, ...) local f = FUZZ[name] if f then return f(...) end end
on("turn_begin", function(...) return call("turn_begin", ...) end)
on("tile_placed", function(...) return call("tile_placed", ...) end)
on("feature_scored", function(...) return call("feature_scored", ...) end)
allow("tile_placement", function(...) return call("allow_tile", ...) end)
allow("figure_placement", function(...) return call("allow_figure", ...) end)
collect("place_figure", function(...) return call("collect", ...) end)
transform("feature_points", function(ctx, f, value) local v = call("points", ctx, f, value) if v == nil then return value end return v end)
transform("extra_part", function(...) return call("extra", ...) end)
action "fz" { args = { "x", "y" } }
on("action", function(ctx, move) ctx.state.n = ctx.state.n + move.args.x end)
]]
local trampoline = os.tmpname() .. ".lua"
do
  local f = assert(io.open(trampoline, "wb"))
  f:write(TRAMPOLINE)
  f:close()
end
local function run_with_slots(chunkname, code, api)
  if chunkname == "@" .. trampoline then api.FUZZ = slots end
  return meeple_host.run(chunkname, code, api)
end
local rs = loader.load { game = "base", rules = { trampoline }, run = run_with_slots,
                         script_dirs = { "scripts" }, tile_dirs = { "tiles" } }

local function script_of(data)
  local pos = 0
  local function byte()
    pos = pos + 1
    return data:byte(pos) or 0
  end
  local out = { "return {" }
  for _ = 1, 1 + byte() % 3 do
    local k = 1 + byte() % #HOOKS
    local h = HOOKS[k]
    out[#out + 1] = EVENTS[k] .. " = function(ctx, a, b)"
    out[#out + 1] = "  local tile, feature, move, value = a, a, a, b"
    for _ = 1, byte() % 5 do out[#out + 1] = "  " .. STMTS[1 + byte() % #STMTS] end
    out[#out + 1] = "  " .. h[2]:format(ANSWERS[1 + byte() % #ANSWERS])
    out[#out + 1] = "end,"
  end
  out[#out + 1] = "}"
  return table.concat(out, "\n") .. "\n", byte()
end

local function snapshot(play)
  local g = play:game()
  local parts = { g:serialize() }
  for slot = 1, 4 do parts[#parts + 1] = tostring((g:blob(slot))) end
  return table.concat(parts, "\0")
end

return function(data)
  local text, seed = script_of(data)
  meeple_host.set_limits(200000, 16 << 20, 2000000)
  for k in pairs(slots) do slots[k] = nil end
  local ok, _, fns = pcall(meeple_host.run, "@fuzz/hook.lua", text, {})
  if not ok or type(fns) ~= "table" then return end
  for k, f in pairs(fns) do slots[k] = f end
  local okp, play = pcall(loader.new_play, rs, { players = 2, seed = seed + 1 })
  if not okp then return end
  for _ = 1, 12 do
    if play:over() then break end
    local before = snapshot(play)
    if not pcall(play.random_move, play) then
      if snapshot(play) ~= before then error("a failed move changed the game:\n" .. text) end
      break
    end
  end
end
