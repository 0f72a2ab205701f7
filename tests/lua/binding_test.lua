-- The kernel binding (meeple.so) under the stock lua5.4: base tiles
-- loaded into rules, a few placements, features, ports and majorities.
-- MEEPLE_CPATH (set by tests/cli.cmake) is the pattern that finds meeple.so.
local testlib = require "testlib"
local t = testlib.new("binding")

local meeple = testlib.module(t)

t:eq(meeple.version, "0.1.0", "version")
t:eq(meeple.ports[0], "NNW", "port 0"); t:eq(meeple.port("W"), 10, "port W")
t:eq(meeple.opposite(meeple.port("N")), meeple.port("S"), "N faces S")

local rules = meeple.rules()
t:eq(rules:kind("city"), 1, "ids count from 1")
rules:kind("road"); rules:kind("field")
rules:kind("cloister", { completion = "surrounded" })
rules:attr("pennant", "sum")
rules:figure("follower", { per_player = 7 })
rules:stack("main"); rules:reason("city")

local list = rules:load_tiles(testlib.root() .. "/tiles/base.tiles")
local total = 0
for _, e in ipairs(list) do total = total + e.count end
t:eq(#list, 24, "24 types"); t:eq(total, 72, "72 tiles")
t:same(rules:names("tag"), { "start" }, "tags come from the file")
t:ok(not rules:frozen(), "not frozen yet")
rules:freeze()
t:same(rules:unique_rotations("U"), { 0, 1 }, "a straight road has two rotations")
t:same(rules:unique_rotations("C"), { 0 }, "C is symmetric")

local g = rules:new_game { players = 2, seed = 42 }
g:stack_add("main", list)
t:eq(g:stack_size("main"), 72, "stack holds the set")
g:take("main", "D")
local start = g:place_fixed("D", 0, 0, 0)
t:eq(start.tile:info().id, "D", "start tile")
t:eq(#start.features, 4, "D: city, road, two fields")

-- A city cap north of D closes the city: two tiles, no open port.
local city = g:feature_at(0, 0, "N")
t:eq(city:info().kind, "city", "N of D is city")
t:eq(city:info().open, 3, "D's city has 3 open ports")
t:ok(g:can_place("E", 0, -1, 2), "E turned to face south fits")
t:ok(not g:can_place("E", 0, -1, 0), "E facing north does not")
local follower = g:deploy(1, "follower", city)
local rep = g:place("E", 0, -1, 2)
t:eq(#rep.closed, 1, "one feature closed")
t:ok(rep.closed[1] == city, "the closed feature is the city")
t:ok(city:closed(), "city closed")
t:eq(city:info().tiles, 2, "two tiles")
t:eq(city:attr("pennant"), 0, "no pennant")
t:eq(#g:placed_figures(), 1, "one figure on the board")
t:ok(g:placed_figures("follower", 1)[1] == follower, "placed_figures finds it by kind and owner")
t:eq(#g:placed_figures("follower", 2), 0, "player 2 has none placed")
t:eq(#g:figures(), 14, "figures() also lists the supplies")
t:ok(not pcall(g.placed_figures, g, "dragon"), "an unknown kind is an error")
t:ok(not pcall(g.placed_figures, g, "follower", 3), "a player out of range is an error")
local strength, leaders = g:majority(city, { follower = 1 })
t:eq(strength, 1, "majority strength"); t:same(leaders, { 1 }, "player 1 leads")
g:score(1, 4, "city", city)
follower:return_to_supply()
t:same(g:scores(), { 4, 0 }, "scores by player")
t:eq(g:supply(1, "follower"), 7, "follower back")
t:eq(#g:placed_figures("follower"), 0, "a figure back in supply is not placed")

-- The road of D runs W-E: extend it east with a straight road.
local road = g:feature_at(0, 0, "E")
t:ok(road == g:feature_at(0, 0, "W"), "one road across D")
rep = g:place("U", 1, 0, 1)
t:eq(road:info().tiles, 2, "road grew")
t:ok(rep.features[1].extended or rep.features[2].extended, "the report says extended")
t:eq(#road:nodes(), 2, "two road segments")
local around = city:adjacent()
t:ok(#around >= 1 and around[1]:kind() == "field", "a field touches the city")

-- Legal placements agree with can_place.
local ok = true
for _, p in ipairs(g:legal_placements("V")) do
  ok = ok and g:can_place("V", p.x, p.y, p.rot)
end
t:ok(ok, "every listed placement is legal")

-- Undo through restore; handles of the old state go stale.
local saved = g:clone()
g:place("V", 2, 0, 0)
local tile = g:tile_at(2, 0)
g:restore(saved)
t:eq(g:tile_at(2, 0), nil, "undone")
t:ok(not pcall(tile.info, tile), "stale tile handle raises")
t:eq(meeple.deserialize(rules, g:serialize()):serialize(), g:serialize(), "round trip")

-- g:replay(g:log()) rebuilds a game that forced its draws: a force of n
-- tiles is logged as n numbered events and must read back as one call.
do
  local a = rules:new_game { players = 2, seed = 9 }
  a:stack_add("main", list)
  a:force("main", { "E", "U", "V" })
  t:eq(a:draw("main"), "E", "forced first")
  local forces = {}
  for _, e in ipairs(a:log()) do
    if e.event == "force" then forces[#forces + 1] = e.tile .. e.index .. "/" .. e.count end
  end
  t:same(forces, { "E0/3", "U1/3", "V2/3" }, "a force is logged as numbered events")
  local b = rules:new_game { players = 2, seed = 9 }
  b:replay(a:log())
  t:eq(b:serialize(), a:serialize(), "replay of a forced game gives the same game")
  t:eq(b:draw("main"), "U", "and the same next draw")
end

t:done()
