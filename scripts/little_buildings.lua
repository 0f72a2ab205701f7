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
-- What runs where (issue #41: hooks first, C where measured too slow):
--   the building onto the tile, on no         figure `to_tile = true`, in C
--   feature (§2)
--   1 (or 3/2/1) more per building on the     `bonus` terms for every leader
--   feature's tiles, a cloister's 3x3 block   added to base's formulas:
--   (§3, §4)                                  per_figure_on_tiles and
--                                             per_figure_in_block, in C
--   the supplies cut to the players' share    on("figure_placed") narrowed
--   at the first building (§1)                in C to the buildings
-- Why: as hooks (session 18: figure_placed moving the building and
-- marking the tile's segments, transforms summing the buildings over the
-- feature's tiles) a game cost 1.91M instructions against base's 193k,
-- 0.10x; the figure_placed calls alone were three quarters of it. Now
-- 355k against 181k (0.51x, callgrind, release, session 19): what is
-- left is the share hook's 18 calls a game (9 buildings a player); an
-- unnarrowed hook taking `move` cost 710k. The buildings need no script
-- state beyond `shared`.
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

-- to_tile: deployed as a follower is, on a segment of the tile just
-- placed (the move names the segment), it then stands on the tile, on no
-- feature (§2), in C.
for _, name in ipairs(KINDS) do
  figure(name) {
    per_player = 3,
    on = { "road", "city", "cloister", "field" },
    group = "building",
    strength = 0,
    stays = true,
    to_tile = true,
    shape = "hut",
  }
end

-- shared: whether the supplies were cut to the players' share (§1).
state { shared = false }

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

-- §1: the first building deployed in a game cuts the supplies to the
-- players' share (until then no supply can run out). The building itself
-- went onto the tile in C (to_tile); the flow calls this hook for the
-- buildings' deploys only (`figures`), and it takes ctx alone: a `move`
-- parameter would build the move's table every call.
on("figure_placed", function(ctx)
  if not ctx.state.shared then share(ctx) end
end, { figures = KINDS })

-- }======================================================================

-- {======================================================================
-- §3 Scoring; §4 The 3/2/1 variant
-- =======================================================================

-- §3: a scored road, city, cloister or field (in play and at the end)
-- pays its leaders 1 more for each building on its tiles (a cloister: on
-- its tile and the 8 around it), each tile once; §4: 3/2/1 by kind. Terms
-- added to the base game's formulas, for every leader, evaluated in C.
for _, kind in ipairs({ "road", "city", "field" }) do
  bonus(kind) { closed = kind ~= "field" and { per_figure_on_tiles = VALUE } or nil,
                final = { per_figure_on_tiles = VALUE } }
end
bonus "cloister" { closed = { per_figure_in_block = VALUE }, final = { per_figure_in_block = VALUE } }

-- }======================================================================
