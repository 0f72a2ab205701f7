-- Bots see the position (issue 21): the view choose(view) gets holds the
-- board, the features with figures and open ports, the tiles left and the
-- legal moves; examples/bots/board_bot.lua, which reads them, beats random.
local loader = require "meeple.loader"
local bot = require "meeple.bot"
local matches = require "meeple.cli.matches"

local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

local rs = loader.load { game = "base", with = {}, rules = {}, options = {}, run = meeple_host.run,
                         script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" } }
local play = loader.new_play(rs, { players = 2, seed = 5 })
local v = bot.view(play)
check(#v.board == 1 and v.board[1].id == "D" and v.board[1].x == 0, "the board holds the start tile")
local left = 0
for _, n in pairs(v.remaining) do left = left + n end
check(left == 70, "70 tiles left after the start tile and the first draw: " .. left)
check(v.tile ~= nil and #v.moves == play:move_count() and #v.legal == #v.moves, "moves and legal agree")
check(v.legal[1].type == "place" and v.legal[1].tile == v.tile, "place moves name the tile")
check(#v.features == 4 and v.supply[1].meeple == 7, "the start tile's features, the supply")
-- play to a figure and look again
play:apply_index(1)
v = bot.view(play)
local deploys, named = 0, 0
for _, m in ipairs(v.legal) do
  if m.type == "deploy" then
    deploys = deploys + 1
    if m.feature and v.features[m.feature] then named = named + 1 end
  end
end
check(deploys > 0 and named == deploys, "every deploy names its feature")
play:apply_index(2)
v = bot.view(play)
local held = 0
for _, f in ipairs(v.features) do held = held + #f.figures end
check(held == 1 and v.supply[1].meeple == 6, "the figure shows on its feature and leaves the supply")

local names = { root .. "/examples/bots/board_bot.lua", "random" }
local results = matches.run(rs, 2, { names = names, games = 8, seed = 1, rotate = true })
local rows = matches.by_agent(results, names)
check(rows[1].wins >= 6, ("board_bot beats random: %.1f of 8"):format(rows[1].wins))

print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
