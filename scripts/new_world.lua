-- New World: A Carcassonne Game (RGG) / Mayflower (HiG, 2008).
-- The rules, in sections cited as §n below:
--   §0 Model; §1 Components and setup; §2 Turn structure;
--   §3 Placement legality; §3.1 Tiles; §3.2 Settlers; §4 Scoring;
--   §4.1 Completed features; §4.2 Surveyors; §4.3 Plains and final scoring;
--   §5 Interactions; §6 House rules; §7 Worked examples;
--   §8 What the sources do NOT give.
-- A stand-alone game: none of base.lua's numbers apply (§ Background).
--
--   meeple play --game new_world
--   meeple play --game new_world --option score_order=fixed
--
-- Board geometry (§0 [inferred] column indexing): the ten starting spaces
-- are tiles at x = 0, y = 0..9 (y grows to the south: y = 0 is Plymouth,
-- y = 9 Jamestown). Land goes west: the column of a cell is -x, so
-- column 0 is the starting spaces, column 1 the first land column, and
-- "east" means a smaller column.
--
-- What is data (runs in C) and what is Lua:
--   start board, placement region             start {...} list + blocked_region
--   settlers, occupancy, roles                 figure "settler"
--   formulas (completed and final)             score "..."
--   plains final majority, trappers stay       score "plains" { keep_figures }
--   sequential scoring, surveyor bonus,        line_markers "surveyor": the
--   surveyor moves, sweeps (§2.3, §4.1, §4.2)  engine scores one feature at a
--                                              time and moves the markers
--   the options' readings                      hooks registered only when chosen
-- With the default options a game makes no Lua call at all.
--
-- The start board (tiles NWS0..NWS9 in tiles/new_world.tiles) is a
-- RECONSTRUCTION: the real board's layout is not public (§8).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
game "new_world" {
  title = "New World: A Carcassonne Game",
  players = { min = 2, max = 5, default = 2 },   -- 5 colours (§1, §8: no minimum stated)
}

-- {======================================================================
-- §0 Features, §1 tiles and the start board
-- =======================================================================

-- §0: trails and towns close on their edges; a farm, in the middle of a
-- single tile, closes when the tile is surrounded (§4.1: 1 + 8 = 9);
-- plains never close. `sea` is only on the start board (east coast).
kind "trail"  { closes = "ports" }
kind "town"   { closes = "ports" }
kind "farm"   { closes = "surrounded" }
kind "plains" { closes = "never" }
kind "sea"    { closes = "never" }

-- §0: trading posts on trails, flags on towns, animal symbols on plains
-- (three types, all worth the same, §4.3: one attribute counts them).
attribute "post"   { merge = "sum" }
attribute "flag"   { merge = "sum" }
attribute "animal" { merge = "sum" }

-- §1: 95 land tiles in 50 types (reconstructed layouts, see the file).
tiles "new_world"
stack "main" { draw = true }

-- §0, §1 setup 1: the board's ten starting spaces, one north-south column
-- on the east coast (reconstructed; tiles tagged `board`).
local BOARD_ROWS = 10
do
  local spaces = {}
  for y = 0, BOARD_ROWS - 1 do
    spaces[#spaces + 1] = { tile = ("NWS%d"):format(y), at = { 0, y }, rotation = 0 }
  end
  start(spaces)
end

-- §3.1 [note], [FAQ]: tiles go only west of the starting spaces (column
-- >= 1), never against the board's north or south edge, and never back
-- east (seaward) of the first land column, even where the landscape has
-- grown past the board's ends. Three blocked regions say it, in C and at
-- no cost per game: the sea east of the board (x >= 1, every row), and
-- column 0 above and below the board.
blocked_region { x = { 1, nil } }
blocked_region { x = { 0, 0 }, y = { nil, -1 } }
blocked_region { x = { 0, 0 }, y = { BOARD_ROWS, nil } }

-- }======================================================================

-- {======================================================================
-- Options: the rules' ambiguities (§2, §4.1, §4.3, §8)
-- =======================================================================

-- §2 step 3 [inferred from NW-EX-09]: the order in which one turn's
-- completed features are scored. Reading A: the active player chooses
-- (default); reading B: fixed, the active player's features first, then
-- the other players' clockwise (within a player: discovery order, the
-- placed tile's segments first, then farms around it row by row).
local ORDER = option "score_order" {
  values = { "choose", "fixed" }, default = "choose",
  doc = "Order of several features completed in one turn (§2.3): the active player "
     .. "chooses (reading A, default) or fixed, the active player's first (reading B).",
}

-- §4.1 ambiguity: a winner with several settlers in the scored feature.
-- Reading A (literal): +4 per surveyor for each scoring settler in its
-- column. Reading B: once per player, +4 per surveyor whose column holds
-- any of that player's scoring settlers.
local BONUS = option "surveyor_bonus" {
  values = { "per_settler", "per_player" }, default = "per_settler",
  doc = "Surveyor bonus for a winner with several settlers (§4.1): per settler "
     .. "(reading A, default) or once per player (reading B).",
}

-- §4.3 ambiguity: incomplete trails and towns count tiles (reading A,
-- default, the family convention) or segments (reading B, literal).
local FINAL_COUNT = option "final_count" {
  values = { "tiles", "segments" }, default = "tiles",
  doc = "Incomplete trails and towns at the end (§4.3): count tiles (reading A, "
     .. "default) or segments (reading B).",
}

-- §4.3 ambiguity: the surveyor bonus at final scoring. Reading A: none
-- (default; NW-EX-10's totals carry none). Reading B: +4 per surveyor in
-- the scoring settler's column, as during play.
local FINAL_BONUS = option "final_surveyor_bonus" {
  values = { false, true }, default = false,
  doc = "Surveyor bonus at final scoring (§4.3): no (reading A, default) or yes.",
}

-- §8: whether starting spaces count as surrounding tiles for a farm in
-- column 1. "count" (default): they are tiles like any other (the FAQ
-- says start spaces count as tiles for scoring, §4.1). "ignore": they
-- still fill the farm's neighbourhood (so a column-1 farm can complete)
-- but add no point: a completed column-1 farm beside the board scores 9
-- minus the starting spaces around it, an incomplete one 1 + its land
-- neighbours.
local FARM_START = option "farm_start_spaces" {
  values = { "count", "ignore" }, default = "count",
  doc = "Do starting spaces count as tiles around a farm (§8)? count (default) or ignore.",
}

-- }======================================================================

-- {======================================================================
-- §3.2 Settlers, §0 surveyors
-- =======================================================================

-- §1 setup 3, §3.2: five settlers each (the sixth is the score marker).
-- Their role is what they stand on: shopkeeper (town), robber (trail),
-- trapper (plains, lying), farmer (farm). One per feature, anyone's
-- (occupancy over the whole feature; trappers count for plains,
-- NW-EX-15); a new farm is always free (a single tile).
figure "settler" {
  per_player = 5,
  on = { "trail", "town", "farm", "plains" },
  group = "settler",
  blocked_by = { "settler" },
  strength = 1,
}

-- §0, §1 setup 4: two neutral surveyors. Only their column matters.
-- Each stands on a cell holding a tile of its column ({cell = {x, y}}).
-- A scenario's setup, which can only put figures on segments, may stand
-- one on any segment of a tile instead: it is no settler, counts for
-- nothing, and `stays` keeps it there when that feature is scored. They
-- start on the board's two end spaces (HiG;
-- RGG: any two starting spaces, which is the same column 0), put there
-- by line_markers below at the first turn, unless a scenario's setup
-- already placed them.
figure "surveyor" {
  neutral = 2,
  on = {},
  group = "surveyor",
  strength = 0,
  stays = true,
}

-- }======================================================================

-- {======================================================================
-- §4 Scoring formulas
-- =======================================================================

-- §4.1 completed features (scored one at a time: line_markers below) and
-- §4.3 incomplete ones at the end.
score "trail" {
  closed = { per_tile = 1, post = 2 },   -- 1 per tile (not segment) + 2 per trading post
  final  = { per_tile = 1, post = 2 },   -- §4.3: still 2 per trading post [note]
}
score "town" {
  closed = { per_tile = 2, flag = 2 },   -- 2 per tile (not segment) + 2 per flag
  final  = { per_tile = 1, flag = 1 },
}
score "farm" {
  closed = { per_block_tile = 1 },       -- 9: the farm tile and its 8 neighbours
  final  = { per_block_tile = 1 },       -- 1 + each surrounding tile present
}
-- §4.3 trappers: the majority of trappers in each plains area scores 1
-- per animal; they never leave the board (never returned, never swept).
score "plains" {
  final = { animal = 1 },
  keep_figures = true,
}
reason "surveyor"

-- }======================================================================

-- {======================================================================
-- Helpers
-- =======================================================================

local function column_of_x(x) return -x end

-- The settlers (not surveyors) on a feature.
local function settlers_on(fh)
  local out = {}
  for _, fig in ipairs(fh:figures()) do
    local info = fig:info()
    if info.kind == "settler" then out[#out + 1] = { fig = fig, owner = info.owner, at = info.at } end
  end
  return out
end

-- The column a figure standing on a feature is in: its own segment's tile.
local function figure_column(at)
  if at.feature then return column_of_x(at.feature:spot().tile:info().x) end
  if at.tile then return column_of_x(at.tile:info().x) end
  if at.cell then return column_of_x(at.cell[1]) end
  return nil
end

-- Both surveyors: { {fig=, col=}, ... } (empty before they are placed).
local function surveyors(g)
  local out = {}
  for _, fig in ipairs(g:placed_figures("surveyor")) do
    local info = fig:info()
    if info.kind == "surveyor" then
      local col = figure_column(info.at)
      if col then out[#out + 1] = { fig = fig, col = col, at = info.at } end
    end
  end
  return out
end

-- Starting spaces among a farm's eight neighbours (farm_start_spaces).
local function start_neighbours(g, x, y)
  local n = 0
  for dy = -1, 1 do
    for dx = -1, 1 do
      if (dx ~= 0 or dy ~= 0) and x + dx == 0 then
        local th = g:tile_at(x + dx, y + dy)
        if th and th:info().id:match("^NWS") then n = n + 1 end
      end
    end
  end
  return n
end

-- Surveyor bonus for the winners of a feature (§4.1): +4 per surveyor in
-- the scoring settler's column; settlers who lose the majority get none.
local function pay_bonus(ctx, fh, settlers, leaders, survs)
  local lead = {}
  for _, p in ipairs(leaders) do lead[p] = true end
  if BONUS == "per_settler" then
    for _, s in ipairs(settlers) do
      if lead[s.owner] then
        local col, n = figure_column(s.at), 0
        for _, sv in ipairs(survs) do if sv.col == col then n = n + 1 end end
        if n > 0 then ctx:score(s.owner, 4 * n, "surveyor", fh) end
      end
    end
  else
    for _, p in ipairs(leaders) do
      local n = 0
      for _, sv in ipairs(survs) do
        local here = false
        for _, s in ipairs(settlers) do
          if s.owner == p and figure_column(s.at) == sv.col then here = true end
        end
        if here then n = n + 1 end
      end
      if n > 0 then ctx:score(p, 4 * n, "surveyor", fh) end
    end
  end
end

-- }======================================================================

-- {======================================================================
-- §2 step 3, §4.1, §4.2: features scored one at a time, surveyors
-- =======================================================================

-- For each feature the placed tile completed that still holds settlers:
-- a. points to the majority (ties share), + 4 per surveyor in the
--    column of each of the winner's scoring settlers; b. its settlers go
--    home; c. the eastern-most surveyor moves one column west onto a tile
--    of that column (none moves when no tile lies there: never past the
--    western-most column); d. every settler east of the eastern-most
--    surveyor goes home unscored, except trappers (plains are not swept).
-- A feature swept before its turn is not scored and moves no surveyor.
-- Columns grow westward: x decreases, hence dir = -1 along x.
-- Order (reading A): with several to score, the active player chooses,
-- one move "action survey X Y SEGMENT 0" per feature; reading B: the
-- active player's features first, then clockwise.
line_markers "surveyor" {
  axis = "x", dir = -1,
  start = { { 0, 0 }, { 0, BOARD_ROWS - 1 } },   -- §1 setup 4: the board's two end spaces
  bonus = 4, reason = "surveyor",
  bonus_per = BONUS == "per_player" and "player" or "figure",
  sweep = { "trail", "town", "farm" },
  order = ORDER == "choose" and "choose" or "active_first",
  action = "survey",
}

-- }======================================================================

-- {======================================================================
-- §4.3 Final scoring: the options' readings (no Lua call by default)
-- =======================================================================

-- Reading B of final_count: segments instead of tiles for incomplete
-- trails and towns.
if FINAL_COUNT == "segments" then
  transform("feature_points", function(ctx, feature, points, args)
    if args.when ~= "final" then return points end
    if feature:kind() == "trail" then
      return feature:info().segments + 2 * feature:attr("post")
    end
    return feature:info().segments + feature:attr("flag")     -- a town
  end, { kinds = { "trail", "town" } })
end

-- farm_start_spaces = ignore: a farm counts land tiles only, completed
-- or not.
if FARM_START == "ignore" then
  transform("feature_points", function(ctx, feature, points)
    local info = feature:spot().tile:info()
    return points - start_neighbours(ctx.game, info.x, info.y)
  end, { kinds = { "farm" } })
end

-- Reading B of final_surveyor_bonus: the bonus at the end as well.
if FINAL_BONUS then
  on("feature_scored", function(ctx, feature, args)
    if args.when ~= "final" or feature:kind() == "plains" then return end
    pay_bonus(ctx, feature, settlers_on(feature), args.leaders or {}, surveyors(ctx.game))
  end)
end

-- }======================================================================
