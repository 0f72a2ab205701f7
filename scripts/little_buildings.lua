-- Little Buildings (Spielbox 5/2012, Hans im Glueck), an expansion of the
-- base game: 18 building tokens, no tiles.
-- The rules, in sections cited as §n below (docs/rules/little_buildings.md):
--   §1 Components and setup; §2 Placing a building; §3 Scoring; §4 The
--   3/2/1 variant; §5 Interactions; §6 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with little_buildings
--   meeple play --with little_buildings --option little_buildings_scoring=3/2/1
--
-- The buildings are three figure kinds (lb_shed, lb_house, lb_tower), so
-- supplies, saves, replays and pictures see them. A building is deployed
-- as a follower is ("deploy lb_shed N": any segment of the tile just
-- placed, instead of a follower) and then stands on the tile, not on a
-- feature (§2).
--
-- What runs where. All of it is hooks on the public API (issue #41: "first
-- as hooks"):
--   the building leaves the feature for its    on("figure_placed")
--   tile; the tile marked; the supplies cut
--   to the players' share (§1)
--   1 (or 3/2/1) more per building on the      transform("feature_points"),
--   feature's tiles, a cloister's 3x3 block    narrowed in C to roads,
--                                              cities and fields with
--                                              lb_value, and to cloisters
-- `lb_value` is a summed attribute the script writes on every segment of
-- a tile with a building, the building's value (never printed on a tile):
-- the buildings need no script state. No capability yet; the cost
-- is in the README speed table and little_buildings.md §7: 1.90M
-- instructions a game against base's 193k (0.10x). Measured in session
-- 18: figure_placed (33 calls a game) is three quarters of it; with its
-- body empty the game still costs about 0.86M (the calls themselves), and
-- the segment marks about 0.5M. So 0.5x needs the deploy onto the tile
-- and the count per tile in C (a figure kind deployed onto the tile just
-- placed, and a feature counting the figures standing on its tiles),
-- not a cheaper body.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "little_buildings" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup; §4 The 3/2/1 variant
-- =======================================================================

local SCORING = option "little_buildings_scoring" {
  values = { "1/1/1", "3/2/1" }, default = "1/1/1",
  doc = "What a building adds to a scored feature (§3, §4): 1/1/1 (the rules, default: 1 "
     .. "each) or 3/2/1 (the rules' variant: tower 3, house 2, shed 1).",
}
local KINDS = { "lb_shed", "lb_house", "lb_tower" }
local VALUE = SCORING == "3/2/1" and { lb_shed = 1, lb_house = 2, lb_tower = 3 }
           or { lb_shed = 1, lb_house = 1, lb_tower = 1 }

-- §1: 6 of each kind, shared evenly. Declared for two players (3 of each);
-- with more players the first deploy of the game puts the excess out of
-- play (figure_placed below): SHARE[players] = how many of each kind a
-- player keeps. 1/1/1: 18 buildings evenly, the excess back in the box
-- (4 players: 4 each, 2 sheds, 1 house, 1 tower); 3/2/1: the same number
-- of each kind for everyone (4 players: 1 of each) [official: variant].
local SHARE = SCORING == "3/2/1"
  and { [2] = { 3, 3, 3 }, [3] = { 2, 2, 2 }, [4] = { 1, 1, 1 }, [5] = { 1, 1, 1 }, [6] = { 1, 1, 1 } }
  or  { [2] = { 3, 3, 3 }, [3] = { 2, 2, 2 }, [4] = { 2, 1, 1 }, [5] = { 1, 1, 1 }, [6] = { 1, 1, 1 } }

for _, name in ipairs(KINDS) do
  figure(name) {
    per_player = 3,
    on = { "road", "city", "cloister", "field" },
    group = "building",
    strength = 0,
    stays = true,
    shape = "hut",
  }
end

-- lb_value: the value of the building on a tile (1, or 3/2/1), written on
-- every segment of that tile: a feature's merged value is not 0 exactly
-- when a building stands on one of its tiles (the transforms' filter), and
-- any one segment tells the tile's building (a feature counts each tile
-- once, however many of its segments it covers).
attribute "lb_value" { merge = "sum" }

-- shared: whether the supplies were cut to the players' share (§1).
state { shared = false }

-- kinds whose 3x3 block counts the buildings around (§3)
local BLOCK = { cloister = true }

-- }======================================================================

-- {======================================================================
-- §2 Placing a building
-- =======================================================================

-- §1: the excess buildings of each player out of play, once.
local function share(ctx)
  local g = ctx.game
  local keep = SHARE[g:players()] or SHARE[6]
  for p = 1, g:players() do
    for i, name in ipairs(KINDS) do
      for _ = keep[i] + 1, 3 do g:deploy(p, name, { out = true }) end
    end
  end
  ctx.state.shared = true
end

-- §2: a building stands on the tile just placed, on no feature: it leaves
-- the segment it was deployed on for the tile, and every segment of the
-- tile is marked. §1: the first building deployed in a game cuts the
-- supplies to the players' share (until then no supply can run out).
on("figure_placed", function(ctx, move)
  local value = VALUE[move.figure]
  if not value then return end
  local st = ctx.state
  if not st.shared then share(ctx) end
  local th = ctx.play:placed()
  local scratch = {}   -- filled by info(t); a fresh one each call (no upvalue kept)
  for _, fig in ipairs(move.at.feature:figures()) do
    local info = fig:info(scratch)
    if info.kind == move.figure and info.owner == ctx.player and info.tile == th then
      fig:move({ tile = th })
      break
    end
  end
  for i = 1, th:info(scratch).segments do th:add_segment_attr(i, "lb_value", value) end
end)

-- }======================================================================

-- {======================================================================
-- §3 Scoring; §4 The 3/2/1 variant
-- =======================================================================

-- §3: a scored road, city, cloister or field (in play and at the end)
-- pays its leaders 1 more for each building on its tiles (a cloister: on
-- its tile and the 8 around it), each tile once; §4: 3/2/1 by kind.
local function bonus(ctx, f, points)
  local extra = 0
  if BLOCK[f:kind()] then
    local g = ctx.game
    local x, y = f:anchor()
    for dy = -1, 1 do
      for dx = -1, 1 do
        local th = g:tile_at(x + dx, y + dy)
        if th then extra = extra + th:segment_attr(1, "lb_value") end
      end
    end
  else
    local seen = {}
    for _, node in ipairs(f:nodes("lb_value")) do
      local th = node.tile
      local x, y = th:xy()
      local k = x * 65536 + y
      if not seen[k] then
        seen[k] = true
        extra = extra + th:segment_attr(node.segment, "lb_value")
      end
    end
  end
  return points + extra
end
-- roads, cities and fields only when a building stands on a tile of
-- theirs; every cloister (its block is read from the tiles around)
transform("feature_points", bonus, { attrs = { "lb_value" }, kinds = { "road", "city", "field" } })
transform("feature_points", bonus, { kinds = { "cloister" } })

-- }======================================================================
