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

-- #39: handles made once per game state, cheap accessors, info(t), typo
-- errors, and staleness through the cache and the C serial table.
do
  local h = rules:new_game { players = 2, seed = 3 }
  h:stack_add("main", list)
  h:place_fixed("D", 0, 0, 0)
  h:place("E", 0, -1, 2)
  local th = h:tile_at(0, 0)
  local f = h:feature_at(0, 0, "N")
  t:ok(rawequal(f, h:feature_at(0, 0, "N")), "the same feature handle, not a new one")
  local seg
  for i = 1, th:info().segments do if th:feature(i) == f then seg = i end end
  t:ok(rawequal(th:feature(seg), f), "th:feature(i) gives the kept handle")
  t:ok(rawequal(th:features()[seg], f), "th:features() too")
  local fig = h:deploy(1, "follower", f)
  t:ok(rawequal(fig, h:figures(f)[1]), "the same figure handle")
  t:eq(th:id(), "D", "th:id()"); t:eq(th:rot(), 0, "th:rot()")
  local x, y = h:tile_at(0, -1):xy()
  t:same({ x, y }, { 0, -1 }, "th:xy()")
  t:eq(f:tiles(), f:info().tiles, "f:tiles() = info().tiles")
  t:eq(f:size(), f:info().segments, "f:size() = info().segments")
  local scratch = { keep = 1 }
  t:ok(rawequal(th:info(scratch), scratch), "th:info(t) fills t")
  t:eq(scratch.id, "D", "th:info(t).id"); t:eq(scratch.keep, 1, "its other keys stay")
  t:ok(rawequal(f:info(scratch), scratch) and scratch.kind == "city", "f:info(t)")
  t:ok(rawequal(fig:info(scratch), scratch) and scratch.owner == 1 and scratch.tile == th, "fig:info(t)")
  fig:move({ corner = { 1, 1 } })
  fig:info(scratch)
  t:eq(scratch.tile, nil, "fig:info(t) clears tile where none applies")
  t:eq(scratch.segment, nil, "and segment")
  t:ok(not pcall(th.info, th, 5), "info(t) wants a table")
  -- typo errors name the methods
  local ok, err = pcall(function() return f.open end)
  t:ok(not ok and err:find("features are handles: f:kind()", 1, true) and err:find("no field 'open'", 1, true),
       "f.open raises naming the methods")
  ok, err = pcall(function() return th.segments end)
  t:ok(not ok and err:find("tiles are handles", 1, true), "th.segments raises")
  ok, err = pcall(function() return fig.owner end)
  t:ok(not ok and err:find("figures are handles", 1, true), "fig.owner raises")
  -- a method called on the wrong value refuses, reading nothing from it
  t:ok(not pcall(f.kind, h), "f.kind(game) raises"); t:ok(not pcall(f.kind, th), "f.kind(tile) raises")
  t:ok(not pcall(f.kind, fig), "f.kind(figure) raises"); t:ok(not pcall(fig.info, f), "fig.info(feature) raises")
  t:ok(not pcall(th.id, f), "th.id(feature) raises"); t:ok(not pcall(th.id, 42), "th.id(42) raises")
  t:ok(not pcall(h.tile_count, f), "g.tile_count(feature) raises")
  t:ok(not pcall(h.tile_count, setmetatable({}, {})), "g.tile_count(table) raises")
  -- a string or a table whose length is a handle's or a game's block
  -- size is no userdata: refused, nothing read (it crashed before #39)
  local long, arr = string.rep("x", 32), {}
  for i = 1, 512 do arr[i] = i end
  for _, v in ipairs { long, string.rep("x", 256), arr } do
    t:ok(not pcall(f.kind, v) and not pcall(f.attr, v, "pennant") and not pcall(fig.info, v),
         "a handle method given a string or array refuses")
    t:ok(not pcall(h.tile_count, v) and not pcall(h.feature_at, v, 0, 0, 1), "a game method too")
  end
  local refused = 0
  for n = 1, 300 do  -- every length up to past both block sizes
    local s = string.rep("y", n)
    if not pcall(f.info, s) and not pcall(h.players, s) then refused = refused + 1 end
  end
  t:eq(refused, 300, "strings of every length refuse")
  -- stale: a restore drops the kept handles; the old ones refuse
  local before = h:clone()
  h:place("U", 1, 0, 1)
  local f2 = h:feature_at(1, 0, "E")
  h:restore(before)
  ok, err = pcall(f2.kind, f2)
  t:ok(not ok and err:find("stale feature handle", 1, true), "a kept feature handle of an undone state is stale")
  t:ok(not pcall(f.closed, f), "f:closed() of the old state refuses")
  t:ok(not pcall(f.tiles, f) and not pcall(f.info, f, {}), "f:tiles(), f:info(t) refuse")
  t:ok(not pcall(fig.info, fig), "a kept figure handle refuses")
  t:ok(not pcall(th.rot, th) and not pcall(th.xy, th) and not pcall(th.info, th, {}), "tile accessors refuse")
  local f3 = h:feature_at(0, 0, "N")
  t:ok(not rawequal(f3, f) and f3:kind() == "city", "a new handle after the restore, and it reads")
  t:ok(not pcall(th.feature, th, seg), "th:feature(i) of the old state's tile handle refuses")
  -- th:feature finds the new state's kept handles by its serial (made
  -- before and after the tile handle), never the old state's
  local th2 = h:tile_at(0, 0)
  t:ok(rawequal(th2:feature(seg), f3), "th:feature(i) of the new state: the handle feature_at kept")
  t:ok(not rawequal(th2:feature(seg), f), "not the old state's")
  local again = h:clone()
  h:restore(again)
  local th4 = h:tile_at(0, 0)
  local f4 = th4:feature(seg)  -- the new state's first handle, made by th:feature
  t:ok(rawequal(h:feature_at(0, 0, "N"), f4) and rawequal(th4:feature(seg), f4),
       "th:feature(i) first in a state: feature_at and th:feature agree")
  t:ok(not pcall(f3.kind, f3) and not pcall(th2.feature, th2, seg), "the state before refuses")
  t:ok(not pcall(th4.feature, th4) and not pcall(th4.feature, th4, 99), "th:feature without i or out of range raises")
  f3 = f4
  -- a freed game: every handle refuses
  local th3 = h:tile_at(0, 0)
  h:free()
  t:ok(not pcall(f3.kind, f3) and not pcall(th3.id, th3), "handles of a freed game refuse")
  -- a collected game: its tile handles find nothing (the C serial table)
  local lost = rules:new_game { players = 2, seed = 4 }
  lost:place_fixed("D", 0, 0, 0)
  local orphan = lost:tile_at(0, 0)
  lost = nil
  collectgarbage(); collectgarbage()
  ok, err = pcall(orphan.id, orphan)
  t:ok(not ok and err:find("stale tile handle", 1, true), "a tile handle of a collected game is stale")
  local read = 0
  for i = 1, 200 do  -- many game states: the serial table grows and sweeps
    local gg = rules:new_game { players = 2, seed = i }
    gg:place_fixed("D", 0, 0, 0)
    if gg:tile_at(0, 0):id() == "D" then read = read + 1 end
    if i % 3 == 0 then gg:free() end
  end
  t:eq(read, 200, "every new game's tile handle reads")
  collectgarbage()
  t:ok(not pcall(orphan.xy, orphan), "still stale after the table grew")
end

do -- oriented tiles (docs/tiles.md 3.2): rules:tile reads the flag, tile_def gives it back
  local r = meeple.rules()
  r:kind("field")
  local all = { { kind = "field", ports = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 } } }
  r:tile { id = "P", segments = all }
  r:tile { id = "S", oriented = true, segments = all }
  r:tile { id = "F", oriented = false, segments = all }
  local ok, err = pcall(r.tile, r, { id = "B", oriented = 1, segments = all })
  t:ok(not ok and err:find("tile B: 'oriented' must be true, false or nil", 1, true), "a non-boolean oriented is refused")
  r:freeze()
  t:same(r:unique_rotations("P"), { 0 }, "plain all-field tile: r0 only")
  t:same(r:unique_rotations("S"), { 0, 1, 2, 3 }, "oriented all-field tile: four rotations")
  t:same(r:unique_rotations("F"), { 0 }, "oriented = false is the default")
  t:eq(r:tile_def("S").oriented, true, "tile_def says oriented")
  t:eq(r:tile_def("P").oriented, nil, "tile_def leaves it out otherwise")
  local gm = r:new_game { players = 2, seed = 1 }
  gm:place_fixed("P", 0, 0, 0)
  t:eq(#gm:legal_placements("S"), 16, "four cells, four turns each")
  t:eq(#gm:legal_placements("P"), 4, "four cells, one turn each")
end

-- #39: the names kept for speed never give another rules' or another
-- string's answer: f:attr remembers the last name (by its string),
-- th:id the ids of the last rules asked, f:kind its handle's kind.
do
  local h = rules:new_game { players = 2, seed = 5 }
  h:stack_add("main", list)
  h:place_fixed("D", 0, 0, 0)
  local f = h:feature_at(0, 0, "N")
  t:eq(f:attr("pennant"), 0, "f:attr asked once")
  t:eq(f:attr("pennant"), 0, "and again (the kept name)")
  local long = ("p"):rep(60)  -- a long string: not interned, another object each time
  t:ok(not pcall(f.attr, f, long), "an unknown (long) name still refuses")
  t:ok(not pcall(f.attr, f, long), "twice")
  t:ok(not pcall(f.attr, f, "pennantx"), "a name the rules lack refuses after a kept one")
  t:ok(not pcall(f.attr, f, 7), "a number refuses")
  t:eq(f:attr("pennant"), 0, "the kept name reads again")
  t:eq(f:kind(), "city", "f:kind() asked once"); t:eq(f:kind(), "city", "and kept")
  t:eq(h:feature_at(0, 0, "S"):kind(), "field", "another handle, its own kind")
  -- other rules with other tile ids and other kind and attribute ids
  local r2 = meeple.rules()
  r2:kind("road"); r2:kind("city"); r2:kind("field"); r2:kind("cloister", { completion = "surrounded" })
  r2:attr("shield", "sum"); r2:attr("pennant", "sum")
  r2:figure("follower", { per_player = 7 }); r2:stack("main"); r2:reason("city")
  r2:tile { id = "Z", segments = {
    { kind = "city", ports = { 0, 1, 2 }, attrs = { { name = "pennant", value = 1 } } },
    { kind = "field", ports = { 3, 4, 5, 6, 7, 8, 9, 10, 11 }, adjacent = { 1 } } } }
  r2:freeze()
  local h2 = r2:new_game { players = 2, seed = 1 }
  h2:place_fixed("Z", 0, 0, 0)
  local f2 = h2:feature_at(0, 0, "N")
  for _ = 1, 2 do
    t:eq(h:tile_at(0, 0):id(), "D", "th:id() of the first rules")
    t:eq(h2:tile_at(0, 0):id(), "Z", "th:id() of the second rules")
    t:eq(h2:tile_at(0, 0):info({}).id, "Z", "th:info(t).id of the second rules")
    t:eq(f2:attr("pennant"), 1, "f:attr of the second rules (pennant is its attribute 2)")
    t:eq(f:attr("pennant"), 0, "f:attr of the first rules")
    t:eq(f2:kind(), "city", "f:kind() of the second rules")
    -- th:segment_attr shares the kept name with f:attr (the game's)
    t:eq(h2:tile_at(0, 0):segment_attr(1, "pennant"), 1, "th:segment_attr of the second rules")
    t:eq(h:tile_at(0, 0):segment_attr(1, "pennant"), 0, "th:segment_attr of the first rules")
    t:ok(not pcall(h:tile_at(0, 0).segment_attr, h:tile_at(0, 0), 1, "shield"),
         "a name the first rules lack refuses after the second rules kept it")
    t:eq(h2:tile_at(0, 0):segment_attr(1, "shield"), 0, "and the second rules have it")
  end
  -- the first rules go away: a name kept for them is not found for others
  h2:free(); h2, f2 = nil, nil
  r2 = nil
  collectgarbage(); collectgarbage()
  t:eq(h:tile_at(0, 0):id(), "D", "th:id() after other rules were collected")
  h:restore(h:clone())
  t:eq(h:feature_at(0, 0, "N"):kind(), "city", "a new state's handle reads its kind")
end

-- th:id's table of ids (by tile type) has holes: only the types asked are
-- in it. When other rules ask, every old id must go, not just 1..#t (a
-- border below a hole left the first rules' ids after it, and another
-- rules' tile read as "unknown tile": scenarios/hunters_gatherers).
do
  local function small_rules(prefix)
    local r = meeple.rules()
    r:kind("field"); r:figure("follower", { per_player = 7 }); r:stack("main")
    for i = 1, 4 do
      r:tile { id = prefix .. i, segments = { { kind = "field", ports = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 } } } }
    end
    r:freeze()
    return r
  end
  local function id_of(r, id)
    local g = r:new_game { players = 2, seed = 1 }
    g:place_fixed(id, 0, 0, 0)
    return g:tile_at(0, 0):id()
  end
  local ra, rb = small_rules("a"), small_rules("b")
  -- types 1 and 3 asked, 2 never: a hole, so #t may be 1
  t:eq(id_of(ra, "a1"), "a1", "hole test: first rules, type 1")
  t:eq(id_of(ra, "a3"), "a3", "hole test: first rules, type 3")
  -- the other rules ask type 1 first (the switch empties the table and
  -- keeps b1), then type 3: it must not find the first rules' a3
  t:eq(id_of(rb, "b1"), "b1", "type 1 of the other rules")
  t:eq(id_of(rb, "b3"), "b3", "type 3 of other rules after a hole: its own id, not the first rules'")
  t:eq(id_of(ra, "a3"), "a3", "and back: the first rules' type 3")
end

t:done()
