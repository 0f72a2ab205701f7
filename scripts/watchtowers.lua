-- The Watchtowers (Die Wachtürme, HiG 2016, C2), an expansion of the base
-- game. The rules, in sections cited as §n below
-- (docs/rules/watchtowers.md): §1 Components and setup; §2 Placing;
-- §3 Scoring a watchtower; §4 Interactions; §5 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with watchtowers
--
-- Not the fan design of examples/fan-watchtowers (lines of sight, a
-- siting rule): this is the published mini expansion, as JCloisterZone
-- plays it too.
--
-- The tower is no segment (no figure can stand on it, §2): the tile's
-- city and road segments carry one attribute naming what the tower
-- counts (watch_meeple, watch_pennant, watch_road, watch_cloister,
-- watch_city; its value: the points each counted thing is worth), so a
-- completed feature knows in C whether it holds a tower tile.
--
-- What runs where. All of it is one hook on the public API (issue #41:
-- "first as hooks"):
--   a completed city or road with a follower   transform("feature_points"),
--   on its tower tile's segment scores the       narrowed in C by `attrs`
--   tower first (§3)                             (the watch_* attributes) and
--                                                `kinds` (city, road): no
--                                                call for any other feature
--   what the tower counts in its 3x3 square     g:neighbours(x, y, 8); the
--                                                tiles' printed segments in
--                                                a memo (kept for every
--                                                game), their figures
-- The transform keeps the feature's points (it returns nothing): it runs
-- before the feature's points are paid, which is the order §3 asks for
-- (the tower first). No capability: the hook reaches the issue's 0.5x
-- (callgrind 361k instructions a game against base's 193k, games of 83
-- turns against 72) since a memo tells tower segments and what a tile
-- shows across games (README speed table, watchtowers.md §6).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "watchtowers" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 12 land tiles, shuffled into the base tiles.
tiles "watchtowers"

-- §3: what a tower counts, and the points for each (the segment's value).
local SUBJECTS = { "watch_meeple", "watch_pennant", "watch_road", "watch_cloister", "watch_city" }
for _, name in ipairs(SUBJECTS) do attribute(name) { merge = "sum" } end
reason "watchtower"

-- }======================================================================

-- {======================================================================
-- §3 Scoring a watchtower
-- =======================================================================

-- §3: the figures that are "meeples" here: every follower, of any
-- expansion loaded (not a builder, pig, barn, shepherd or neutral figure).
local FOLLOWERS = { meeple = true, big = true, mayor = true, wagon = true, abbot = true,
                    lying_abbot = true }

-- the nine cells of the tower's square: its own and its 8 neighbours (a
-- fresh table: a tower scores a few times a game)
local function square(g, x, y)
  local around = { g:neighbours(x, y, 8) }
  around[9] = g:tile_at(x, y)
  return around
end

-- What a tile type shows, from its printed segments, kept for every game
-- (a memo: tile types never change): its city segments, coats of arms,
-- road and cloister segments, and on a tower tile, per segment, what the
-- tower counts and the points for each ({ subject, points }). Keyed by
-- tile id. (A memo's function sees its arguments only: the subjects are
-- spelled out again.)
local SHOWS = memo(function(rules, id)
  local s = { cities = {}, pennants = 0, roads = 0, cloisters = 0, tower = {} }
  for i, seg in ipairs(rules:tile_def(id).segments) do
    if seg.kind == "city" then
      s.cities[#s.cities + 1] = i
      s.pennants = s.pennants + (seg.attrs.pennant or 0)
    elseif seg.kind == "road" then s.roads = s.roads + 1
    elseif seg.kind == "cloister" then s.cloisters = s.cloisters + 1 end
    for _, subject in ipairs({ "watch_meeple", "watch_pennant", "watch_road", "watch_cloister",
                               "watch_city" }) do
      local per = seg.attrs[subject]
      if per and per ~= 0 and not s.tower[i] then s.tower[i] = { subject, per } end
    end
  end
  return s
end, "watchtowers")

-- §4 (Bridges, Castles and Bazaars): a castle is no city [JCZ]. A castle
-- is a city feature with the attribute `castle`, declared only when that
-- expansion is loaded: whether it is is read once from the rules' names
-- (the rules loaded do not change under a script).
local castles   -- nil: not read yet
local function castle(f, g)
  if castles == nil then
    castles = false
    for _, name in ipairs(g:rules():names("attr")) do
      if name == "castle" then castles = true end
    end
  end
  return castles and f:attr("castle") ~= 0
end

-- §3: how many of the tower's subject lie on one tile of its 3x3 square.
local COUNT = {
  watch_meeple = function(th)
    local n = 0
    for _, fig in ipairs(th:figures()) do
      local info = fig:info()
      if FOLLOWERS[info.kind] and info.owner > 0 then n = n + 1 end
    end
    return n
  end,
  watch_pennant = function(th)
    return SHOWS[th:id()].pennants
  end,
  watch_road = function(th)
    return SHOWS[th:id()].roads > 0 and 1 or 0
  end,
  watch_cloister = function(th)
    return SHOWS[th:id()].cloisters
  end,
  watch_city = function(th, g)
    for _, i in ipairs(SHOWS[th:id()].cities) do
      if not castle(th:feature(i), g) then return 1 end
    end
    return 0
  end,
}

local function count(g, subject, x, y)
  local n, each = 0, COUNT[subject]
  local cells = square(g, x, y)
  for k = 1, 9 do
    local th = cells[k]
    if th then n = n + each(th, g) end
  end
  return n
end

-- §3: a completed city or road pays, before its own points, each
-- follower standing on it on a tower tile: the tower's points for every
-- thing it counts, to that follower's owner. Farmers and incomplete
-- features at the end score no tower (§3). The feature's figures are
-- read first, and the memo tells a tower segment by the figure's tile
-- id: most features reaching here hold no follower on a tower tile.
-- fig:info() without a table to fill is the cheaper call here
-- (docs/lua-api.md, What a call costs).
transform("feature_points", function(ctx, f)
  if not f:closed() then return end
  local figures = f:figures()
  for k = 1, #figures do
    local info = figures[k]:info()
    local seg, owner = info.segment, info.owner
    if seg and owner > 0 and FOLLOWERS[info.kind] then
      local th = info.tile
      local tower = SHOWS[th:id()].tower[seg]
      if tower then
        local x, y = th:xy()
        local points = count(ctx.game, tower[1], x, y) * tower[2]
        if points > 0 then ctx:score(owner, points, "watchtower", f) end
      end
    end
  end
end, { attrs = SUBJECTS, kinds = { "city", "road" } })

-- }======================================================================
