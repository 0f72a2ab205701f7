-- The board walks of bindings/objects/wrap_walk.c (docs/lua-api.md,
-- "Walking the board"): g:walk follows a road to its open end, its dead
-- end or a loop, calling fn once per tile entered; g:line counts the
-- tiles and figures in a straight line; g:neighbours gives the tiles
-- around a cell as values; f:ends lists a feature's open ends;
-- th:figures the figures on a tile. Bad input and stale handles raise,
-- a game freed by the callback stops the walk with an error.
--
-- Run from the repository root:  meeple script tests/host/walk_test.lua
local meeple = require "meeple"

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local t = require("testlib").new("walk")

local rules = meeple.rules()
rules:load_tiles("tiles/base.tiles", { declare = true })
rules:figure("meeple", { per_player = 7 })
local g = rules:new_game{ players = 2, seed = 1 }

-- A road from D (0,0) east through U (1,0), turning south on V (2,0):
-- open at V's south port; D's west end open too.
g:place_fixed("D", 0, 0, 0)
g:place("U", 1, 0, 1)
g:place("V", 2, 0, 0)
local N, E, S, W = 1, 4, 7, 10

-- {======================================================================
-- g:walk
-- =======================================================================
local calls = {}
local n, x, y, port, tx, ty = g:walk(0, 0, "E", function(th, cx, cy, inp, outp)
  calls[#calls + 1] = { tostring(th), cx, cy, inp, outp }
end)
t:same({ n, x, y, port, tx, ty }, { 2, 2, 0, S, 2, 1 }, "walk east: two tiles, open south of V")
t:same(calls, {
  { "tile U at 1,0 rot 1", 1, 0, W, E },
  { "tile V at 2,0 rot 0", 2, 0, W, S },
}, "walk east: fn sees each tile entered, its in and out ports")
t:same({ g:walk(0, 0, W) }, { 0, 0, 0, W, -1, 0 }, "walk west: open at once, no tile entered")
t:same({ g:walk(2, 0, "W") }, { 2, 0, 0, W, -1, 0 }, "walk back from V reaches D's open west end")

-- fn's false stops the walk on the tile it was called for
local stopped = { g:walk(0, 0, "E", function(th, cx) return cx ~= 1 end) }
t:same(stopped, { 1, 1, 0 }, "false from fn stops at that tile (no open port)")
-- nil and true go on
t:same({ g:walk(0, 0, "E", function() return true end) }, { 2, 2, 0, S, 2, 1 }, "true from fn goes on")

-- a dead end: A (cloister, road ending at it) turned so its road points east
g:place("A", -1, 0, 3)
t:same({ g:walk(0, 0, "W") }, { 1, -1, 0 }, "walk into a dead end: no open port")
local last_out = "unset"
g:walk(0, 0, "W", function(_, _, _, _, outp) last_out = outp end)
t:eq(last_out, nil, "fn gets nil as out where the road ends")

-- errors
t:ok(not pcall(g.walk, g, 5, 5, "N"), "walk from an empty cell raises")
local ok, err = pcall(g.walk, g, 0, 0, "N")   -- D's city covers N: a segment, walked
t:ok(ok, "walk through a city side is allowed (stops at once): " .. tostring(err))
ok, err = pcall(g.walk, g, 0, 0, "X")
t:ok(not ok and err:find("unknown port 'X'", 1, true), "bad port: " .. tostring(err))
ok, err = pcall(g.walk, g, 0, 0, "E", 7)
t:ok(not ok and err:find("function expected", 1, true), "fn must be a function: " .. tostring(err))
ok, err = pcall(g.walk, g, 0, 0, "E", function() error("boom") end)
t:ok(not ok and err:find("boom", 1, true), "an error in fn propagates: " .. tostring(err))
local c = g:clone()
ok, err = pcall(c.walk, c, 0, 0, "E", function() c:free() end)
t:ok(not ok, "a game freed by fn stops the walk with an error: " .. tostring(err))

-- a closed loop ends when it comes back to its start
do
  local r = meeple.rules()
  r:load_tiles("tiles/base.tiles", { declare = true })
  local lg = r:new_game{ players = 2, seed = 1 }
  -- four V curves around the corner (0,0)-(1,1): S-W, W-N, N-E, E-S
  lg:place_fixed("V", 1, 0, 0)   -- road S W
  lg:place("V", 1, 1, 1)         -- road W N
  lg:place("V", 0, 1, 2)         -- road N E
  lg:place("V", 0, 0, 3)         -- road E S
  local steps = 0
  local ln, lx, ly, lp = lg:walk(1, 0, "S", function() steps = steps + 1 end)
  t:same({ ln, lx, ly, lp }, { 3, 0, 0, nil }, "a loop stops before re-entering its start")
  t:eq(steps, 3, "fn called once per other tile of the loop")
  t:same(lg:feature_at(1, 0, "S"):ends(), {}, "a loop has no open end")
end

-- }======================================================================

-- {======================================================================
-- g:line, g:sight, th:figures
-- =======================================================================
t:same({ g:line(0, 0, "E") }, { 2 }, "line east: U and V")
t:same({ g:sight(0, 0, "E") }, { 2, 0 }, "sight east: U and V, no figure")
local road = g:feature_at(1, 0, "E")
local fig = g:deploy(1, "meeple", road)            -- on U's road
t:same({ g:sight(0, 0, "E") }, { 2, 1 }, "sight east: the meeple on U counts")
t:same({ g:sight(0, 0, "W") }, { 1, 0 }, "sight west: A only")
t:same({ g:sight(0, 0) }, { 3, 1 }, "four lines from D: 3 tiles, 1 figure")
t:same({ g:line(0, 0) }, { 3 }, "line: the same 3 tiles")
t:same({ g:sight(3, 0, "W") }, { 4, 1 }, "from an empty cell: every tile of the row")
t:same({ g:sight(0, 5, "N") }, { 0, 0 }, "a line starting at a gap holds nothing")
t:same({ g:sight(1, 1, "N") }, { 1, 1 }, "from below U: U and its meeple")
local onA = g:deploy(2, "meeple", { tile = g:tile_at(-1, 0) })
t:same({ g:sight(3, 0, "W") }, { 4, 2 }, "a figure standing on a tile counts too")
local seen = {}
t:same({ g:line(3, 0, "W", function(th, cx, cy)
  seen[#seen + 1] = cx
  return cx ~= 1
end) }, { 2 }, "false from fn ends the line: V, U")
t:same(seen, { 2, 1 }, "line fn sees the tiles nearest first")
ok, err = pcall(g.sight, g, 0, 0, "E", function() end)
t:ok(ok, "sight takes no callback (ignored): " .. tostring(err))
t:eq(#g:tile_at(1, 0):figures(), 1, "th:figures: the meeple on U's road")
t:ok(g:tile_at(1, 0):figures()[1] == fig, "th:figures gives the figure's handle")
t:ok(g:tile_at(-1, 0):figures()[1] == onA, "th:figures: a figure on the tile itself")
t:eq(#g:tile_at(0, 0):figures(), 0, "th:figures: none on D")
fig:return_to_supply()
t:same({ g:sight(0, 0, "E") }, { 2, 0 }, "a figure back in supply is not counted")

-- a row longer than sight's list of 64 tiles: the figures past it count,
-- one beyond a gap does not
do
  local r = meeple.rules()
  r:load_tiles("tiles/base.tiles", { declare = true })
  r:figure("meeple", { per_player = 7 })
  local lg = r:new_game{ players = 2, seed = 1 }
  for i = 1, 80 do lg:place_fixed("U", i, 0, 1) end
  lg:place_fixed("U", 82, 0, 1)                    -- past the gap at 81
  lg:deploy(1, "meeple", lg:feature_at(3, 0, "N"))   -- near: in the list
  lg:deploy(1, "meeple", lg:feature_at(70, 0, "N"))  -- far: past the list
  lg:deploy(2, "meeple", lg:feature_at(80, 0, "S"))  -- the last before the gap
  lg:deploy(2, "meeple", lg:feature_at(82, 0, "N"))  -- beyond the gap
  lg:deploy(2, "meeple", { tile = lg:tile_at(75, 0) })
  t:same({ lg:sight(0, 0, "E") }, { 80, 4 }, "a long row: 80 tiles, 4 figures (not the one past the gap)")
  t:same({ lg:sight(81, 0) }, { 81, 5 }, "from the gap: 80 west, 1 east; every figure of the row")
  t:same({ lg:sight(0, 1, "E") }, { 0, 0 }, "the row below is empty")
end

-- }======================================================================

-- {======================================================================
-- g:neighbours, f:ends
-- =======================================================================
local a, b, cc, d = g:neighbours(1, 0)
t:same({ a, tostring(b), cc, tostring(d) }, { nil, "tile V at 2,0 rot 0", nil, "tile D at 0,0 rot 0" },
       "neighbours of U: N, E, S, W")
t:eq(select("#", g:neighbours(1, 0)), 4, "four values")
local eight = { g:neighbours(1, 1, 8) }
t:eq(select("#", g:neighbours(1, 1, 8)), 8, "eight values")
t:same({ tostring(eight[1]), tostring(eight[2]), tostring(eight[8]) },
       { "tile U at 1,0 rot 1", "tile V at 2,0 rot 0", "tile D at 0,0 rot 0" }, "N, NE and NW of (1,1)")
t:ok(b == g:tile_at(2, 0), "a neighbour is the same value as tile_at's")
t:ok(not pcall(g.neighbours, g, 0, 0, 6), "4 or 8 only")

local ends = g:feature_at(0, 0, "E"):ends()
t:eq(#ends, 1, "the road closed at A has one open end")
t:same({ ends[1].x, ends[1].y, ends[1].port, ends[1].to_x, ends[1].to_y }, { 2, 0, S, 2, 1 },
       "its open end: V's south port, facing (2,1)")
t:ok(ends[1].tile == g:tile_at(2, 0), "the end's tile handle")
local city = g:feature_at(0, 0, "N"):ends()
t:eq(#city, 3, "D's open city side: its three ports")
t:same({ city[1].port, city[2].port, city[3].port, city[1].to_y }, { 0, N, 2, -1 }, "NNW, N, NNE facing (0,-1)")

-- stale handles refuse
local c2 = g:clone()
local f2, t2 = c2:feature_at(0, 0, "E"), c2:tile_at(1, 0)
c2:free()
ok, err = pcall(f2.ends, f2)
t:ok(not ok and err:find("stale feature handle", 1, true), "f:ends on a freed game: " .. tostring(err))
ok, err = pcall(function() return t2:figures() end)
t:ok(not ok and err:find("stale tile handle", 1, true), "th:figures on a freed game: " .. tostring(err))
ok, err = pcall(c2.walk, c2, 0, 0, "E")
t:ok(not ok, "walk on a freed game raises: " .. tostring(err))

-- }======================================================================

-- {======================================================================
-- The fan examples against their step-by-step twins: the same games
-- =======================================================================
-- examples/fan-river/brook.lua finds the brook's open end with g:walk,
-- brook_stepwise.lua with tile_at/feature_at/spot per tile;
-- examples/fan-watchtowers/watchtowers.lua counts with g:line, its twin
-- with tile_at per cell and fig:info() per figure. Any disagreement of a
-- walk with the board shows as another game.
do
  local loader = require "meeple.loader"
  local function games(path)
    local rs = loader.load{ game = "base", with = { path }, run = meeple_host.run, script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
    local list = loader.simulate(rs, { games = 12, players = 3, seed = 7 })
    local out = {}
    for i, gm in ipairs(list) do out[i] = table.concat(gm.scores, ",") .. " / " .. tostring(gm.moves) end
    return out
  end
  for _, pair in ipairs{ { "examples/fan-river/brook.lua", "examples/fan-river/brook_stepwise.lua" },
                         { "examples/fan-watchtowers/watchtowers.lua",
                           "examples/fan-watchtowers/watchtowers_stepwise.lua" } } do
    local a, b = games(pair[1]), games(pair[2])
    t:eq(#a, 12, pair[1] .. ": 12 games")
    t:same(a, b, pair[1] .. " plays the games of " .. pair[2])
  end
end

-- }======================================================================
t:done()
