-- The instructions one hook call costs: plays GAMES base games (seeds 1..)
-- with random moves, with an empty on("turn_begin") hook (HOOK = on),
-- an empty on("tile_placed") hook (HOOK = placed),
-- an empty allow("figure_placement") veto (HOOK = allow) or without
-- (HOOK = none), and prints the number of hook calls made. Run each under
-- callgrind; (Ir with - Ir without) / calls is the cost of one call:
--   valgrind --tool=callgrind meeple script bench/hook_call_cost.lua on 20
--   valgrind --tool=callgrind meeple script bench/hook_call_cost.lua none 20
local loader = require "meeple.loader"
local which, games = (...) or "on", math.tointeger(tonumber(select(2, ...) or "")) or 20
local RULES = {
  on = 'on("turn_begin", function(ctx) COUNT() end)',
  placed = 'on("tile_placed", function(ctx) COUNT() end)',
  allow = 'allow("figure_placement", function(ctx, move) COUNT() return true end)',
}
local calls = 0
local path = os.tmpname() .. ".lua"
local f = assert(io.open(path, "wb"))
f:write(RULES[which] or "")
f:close()
local function run(chunkname, code, api)
  if chunkname == "@" .. path then api.COUNT = function() calls = calls + 1 end end
  return meeple_host.run(chunkname, code, api)
end
local rs = loader.load { game = "base", rules = { path }, run = run,
                         script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
os.remove(path)
for seed = 1, games do
  local play = loader.new_play(rs, { players = 2, seed = seed })
  while not play:over() do play:random_move() end
end
print(("%s: %d games, %d hook calls"):format(which, games, calls))
return 0
