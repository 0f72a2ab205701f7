-- Abbey & Mayor (1st edition, C1, HiG 2007), an expansion of the base game.
-- Rules digest: shared/rules/abbey-mayor.md (cited as §n below).
-- Everything the digest leaves to the base game (tile placement, follower
-- placement, completed-feature and final scoring, field majorities) is
-- base.lua's; this script only adds to it.
--
--   meeple play --with abbey_mayor
--   meeple play --with traders_builders,abbey_mayor
--
-- What runs where:
--   mayor, wagon placement and strength       figure declarations (C)
--   abbey: wildcard sides, cloister scoring   kind + tiles (C)
--   abbey from hand, end-of-game abbeys        collect("draw")          one Lua call a turn
--   barn placement on a 4-tile field corner    collect("place_figure")  one Lua call a turn
--   barn scoring, wagon moves                  phase "am_after_scoring" one Lua call a turn
--   barn final scoring                         on("final_scoring")      once a game
-- The engine capabilities that would put the Lua parts in C are listed in
-- the report of issue 7 (hand tiles, corner figures, scoring on deploy and
-- on join, moves after scoring).

expansion "abbey_mayor" { requires = { "base" } }

local ABBEY = "am.abbey"
local DRAW_STACK = "main"                      -- base.lua's draw stack

-- {======================================================================
-- Options (edition notes, ambiguities, §8)
-- =======================================================================

-- §3.1 [official: edition note]: the Big Box 2 end round (abbeys after the
-- last tile) is the default; off = the earlier FAQ (no abbey after it).
local END_ROUND = option "abbey_end_round" {
  values = { true, false }, default = true,
  doc = "After the last tile, players still holding an abbey may place it, in turn "
     .. "order from the left of the last player (§3.1, Big Box 2; default on).",
}

-- §4.1 ambiguity: the mayor's strength in an incomplete city at the end.
local MAYOR_FINAL = option "mayor_final" {
  values = { "pennants", "zero" }, default = "pennants",
  doc = "Mayor strength in incomplete cities at final scoring (§4.1): the city's "
     .. "pennants (reading A, default) or 0 (reading B).",
}

-- §3.3: the wagon's move. C1 is this digest's rule; C2 ("8 neighbours", as
-- JCloisterZone's wagon-move option describes it; not in the digest, §8).
local WAGON_MOVE = option "wagon_move" {
  values = { "C1", "C2" }, default = "C1",
  doc = "Wagon move after scoring (§3.3): C1 = to a directly connected feature "
     .. "(default); C2 = to a feature on its tile or the 8 tiles around it.",
}

-- §3.4 [official: edition note]: RGG omits "not into a field that already
-- has a barn". official = one barn per field when placing (default).
local BARN_PLACEMENT = option "barn_placement" {
  values = { "official", "rgg" }, default = "official",
  doc = "Barn placement (§3.4): official = not into a field that already has a "
     .. "barn (default); rgg = the RGG wording without that sentence.",
}

-- }======================================================================

-- {======================================================================
-- §1 Components; §3.1 the abbey tile
-- =======================================================================

-- §1: 12 land tiles shuffled into the base tiles.
tiles "abbey_mayor"

-- §3.1: the abbey's sides fit any edge, close whatever they touch (roads
-- end, cities close on that side, fields are bounded) and join nothing.
-- Its inner segment is a base cloister (§4.1, §4.4: scored as one).
kind "abbey_side" { closes = "never", wildcard = true }

-- §1 setup 2: one abbey per player, kept in front of them: the tiles sit
-- in a stack of their own that is never drawn from, and an "abbey" token
-- figure in each supply says who still holds one. When the abbey is
-- placed the token goes onto the abbey tile (its owner placed it).
stack "abbey" {}
tiles "abbey_mayor_abbey" { stack = "abbey" }
figure "abbey" { per_player = 1 }

reason "barn"

-- }======================================================================

-- {======================================================================
-- §3.2, §3.3, §3.4 The new figures
-- =======================================================================

-- §3.2: instead of a follower, only in a city, only where no follower
-- (knight, wagon or other mayor) is. §4.1: its strength is the city's
-- pennant count when scored; with 0 it occupies the city and scores
-- nothing (the engine's majority needs a total above 0). The city's
-- value is base.lua's formula, unchanged.
figure "mayor" {
  per_player = 1,
  on = { "city" },
  group = "follower",
  blocked_by = { "follower" },
  strength = "pennant",
}

-- §3.3: like a follower on a road, city or cloister (the abbey included,
-- [FAQ 05/2013]), never a field, where no other follower is; strength 1.
-- It stays on its feature when that is scored during play, so that the
-- phase below finds it there and its owner returns or moves it (§2.3 d).
figure "wagon" {
  per_player = 1,
  on = { "road", "city", "cloister" },
  group = "follower",
  blocked_by = { "follower" },
  strength = 1,
  stays = true,
}

-- §3.4: not a follower (strength 0: never counts for a majority). It is in
-- the follower group only so that base's meeple, blocked_by follower, can
-- no longer go into its field: "no farmer may be placed in a field that
-- contains a barn". It is placed by the collect hook below (a corner),
-- not by the built-in list, hence no `on`. It stays to the end.
figure "barn" {
  per_player = 1,
  group = { "follower", "barn" },
  strength = 0,
  stays = true,
}

-- }======================================================================

-- {======================================================================
-- Board helpers
-- =======================================================================

local SIDE_PORTS = { { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 9, 10, 11 } }   -- N E S W
local STEP = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }
local PORT = { N = 1, E = 4, S = 7, W = 10 }

local function contains(list, fh)
  for i = 1, #list do if list[i] == fh then return true end end
  return false
end

local function has_kind(fh, kind)
  for _, fig in ipairs(fh:figures()) do
    if fig:info().kind == kind then return true end
  end
  return false
end

local function closed_cities(field)
  local n = 0
  for _, a in ipairs(field:adjacent()) do
    if a:kind() == "city" and a:closed() then n = n + 1 end
  end
  return n
end

local function is_abbey(g, x, y)
  local th = g:tile_at(x, y)
  return th ~= nil and th:info().id == ABBEY, th
end

-- }======================================================================

-- {======================================================================
-- §2.1, §3.1 The abbey: from hand instead of drawing, only into a hole
-- =======================================================================

local function abbey_placements(g)
  local moves = {}
  for _, cell in ipairs(g:holes()) do      -- 4 orthogonal neighbours placed
    moves[#moves + 1] = { type = "place", tile = ABBEY, x = cell[1] or cell.x, y = cell[2] or cell.y, rot = 0 }
  end
  return moves
end

action "abbey_decline"

collect("draw", function(ctx)
  local g, me = ctx.game, ctx.player
  if g:stack_size(DRAW_STACK) > 0 then
    -- §2.1: instead of drawing (the flow adds the ordinary draw)
    if g:supply(me, "abbey") == 0 then return nil end
    return abbey_placements(g)
  end
  -- §2 end of game, §3.1: the last tile is placed; each player still
  -- holding an abbey, in turn order from the left of the last player,
  -- may place it if a hole exists (a skipped holder declines it). No
  -- hole can appear any more, so without one the game ends at once.
  if not END_ROUND or ctx.part > 1 then return nil end
  local holes = abbey_placements(g)
  if #holes == 0 then return nil end
  if g:supply(me, "abbey") > 0 then
    holes[#holes + 1] = { type = "action", action = "abbey_decline", args = { 0, 0, 0, 0 } }
    return holes
  end
  for p = 1, g:players() do
    if g:supply(p, "abbey") > 0 then return { { type = "pass" } } end   -- not your abbey: wait
  end
  return nil                                  -- nobody holds one: the game ends
end)

-- }======================================================================

-- {======================================================================
-- §3.4 Barn placement: a corner where 4 tiles meet, one just placed,
-- field on all 4 at that corner, not into a field with a barn
-- =======================================================================

-- The ports meeting at a tile's corners: for the placed tile's corner c
-- (NW, NE, SE, SW), the four cells around that vertex and their ports.
local CORNERS = {
  -- { dx, dy, port } x 4: the placed tile first
  { { 0, 0, 0 }, { 0, 0, 11 }, { -1, 0, 2 }, { -1, 0, 3 }, { -1, -1, 5 }, { -1, -1, 6 }, { 0, -1, 8 }, { 0, -1, 9 } },  -- NW
  { { 0, 0, 2 }, { 0, 0, 3 }, { 0, -1, 5 }, { 0, -1, 6 }, { 1, -1, 8 }, { 1, -1, 9 }, { 1, 0, 11 }, { 1, 0, 0 } },     -- NE
  { { 0, 0, 5 }, { 0, 0, 6 }, { 1, 0, 8 }, { 1, 0, 9 }, { 1, 1, 11 }, { 1, 1, 0 }, { 0, 1, 2 }, { 0, 1, 3 } },         -- SE
  { { 0, 0, 8 }, { 0, 0, 9 }, { 0, 1, 11 }, { 0, 1, 0 }, { -1, 1, 2 }, { -1, 1, 3 }, { -1, 0, 5 }, { -1, 0, 6 } },     -- SW
}

local function barn_field(g, x, y, corner)
  local field
  for _, c in ipairs(corner) do
    local f = g:feature_at(x + c[1], y + c[2], c[3])
    if not f or f:kind() ~= "field" then return nil end   -- a cell missing, or city/road at the corner
    if field == nil then field = f elseif f ~= field then return nil end
  end
  return field
end

collect("place_figure", function(ctx)
  local g, me = ctx.game, ctx.player
  if g:supply(me, "barn") == 0 then return nil end
  local th = ctx.play:placed()
  if not th then return nil end
  local info = th:info()
  if info.id == ABBEY then return nil end      -- §3.4 [inferred]: no field on an abbey
  local moves, seen = {}, {}
  for _, corner in ipairs(CORNERS) do
    local field = barn_field(g, info.x, info.y, corner)
    if field and (BARN_PLACEMENT == "rgg" or not has_kind(field, "barn")) then
      local spot = g:feature_at(info.x, info.y, corner[1][3])   -- the field on the placed tile
      local seg = spot:spot().segment
      if not seen[seg] then
        seen[seg] = true
        moves[#moves + 1] = { type = "deploy", figure = "barn", at = { feature = spot } }
      end
    end
  end
  return moves
end)

-- }======================================================================

-- {======================================================================
-- §2.3 (b), (c), §4.2, §4.3 Barn scoring during the scoring phase
-- =======================================================================

-- A field never holds farmers and a barn after a scoring phase (§4.4
-- [inferred]), so one that does was just made so: by a barn placed on the
-- tile just placed (b: 3 per completed city, as at the end) or by the
-- tile joining a farmer field to a barn field (c: 1 per completed city).
-- Either way the farmer majority (meeples; pigs and barns count 0) scores,
-- a leader with their pig there gets 1 more per city, and the farmers and
-- pigs go home; the barn stays. Several farmer fields joined at once are
-- one field by then: one majority (§4.3 [inferred]).
local function score_barn_field(ctx, field, placed)
  local g = ctx.game
  local farmers, fresh = false, false
  local pigs = {}
  for _, fig in ipairs(field:figures()) do
    local info = fig:info()
    if info.kind == "meeple" then farmers = true
    elseif info.kind == "pig" then pigs[info.owner] = true
    elseif info.kind == "barn" and info.at.feature:spot().tile == placed then fresh = true end
  end
  if not farmers then return end
  local per = fresh and 3 or 1
  local cities = closed_cities(field)
  local _, leaders = g:majority(field, { meeple = 1 })
  for _, p in ipairs(leaders) do
    local points = (per + (pigs[p] and 1 or 0)) * cities
    if points > 0 then ctx:score(p, points, "field", field) end
  end
  for _, fig in ipairs(field:figures()) do
    local kind = fig:info().kind
    if kind == "meeple" or kind == "pig" then fig:return_to_supply() end
  end
end

local function barn_scoring(ctx)
  local g = ctx.game
  local any = false
  for p = 1, g:players() do any = any or g:supply(p, "barn") == 0 end
  if not any then return end
  local th = ctx.play:placed()
  if not th then return end
  local done = {}
  for _, field in ipairs(th:features()) do
    if field:kind() == "field" and not contains(done, field) then
      done[#done + 1] = field
      if has_kind(field, "barn") then score_barn_field(ctx, field, th) end
    end
  end
end

-- §4.4: each barn scores 4 per completed city bordering its field, whoever
-- else has a barn there (not a majority). Pigs add nothing.
on("final_scoring", function(ctx)
  local g = ctx.game
  for _, fig in ipairs(g:placed_figures("barn")) do
    local info = fig:info()
    if info.kind == "barn" and info.at.feature then
      local points = 4 * closed_cities(info.at.feature)
      if points > 0 then ctx:score(info.owner, points, "barn", info.at.feature) end
    end
  end
end)

-- }======================================================================

-- {======================================================================
-- §3.3 The wagon's move after its feature is scored
-- =======================================================================

-- C1 adjacency (§3.3 [FAQ], AM-EX-05..13): a road entering a city through a
-- gate, roads meeting at a junction, a road ending at a cloister, a
-- cloister inside a city, an abbey and the roads and cities on its sides.
-- Never through a field, a junction seen from a city, or city to city.
-- Most of it is in the tiles as `touches` (base A, T&B J, A&M tiles); base
-- and T&B tiles do not mark gates and junctions, so they are listed here,
-- by the ports of their canonical orientation (facts from the tiles'
-- comments: "road S ends at the city", "three roads end at a junction").
local LINKS = {
  S = { { "S", "N" } }, T = { { "S", "N" } },                           -- gate
  L = { { "E", "S", "W" } }, W = { { "E", "S", "W" } },                 -- junction
  X = { { "N", "E", "S", "W" } },
  ["tb.A"] = { { "E", "N" } }, ["tb.C"] = { { "S", "N" } }, ["tb.F"] = { { "E", "N" } },
  ["tb.G"] = { { "S", "W" } }, ["tb.H"] = { { "S", "N" } }, ["tb.I"] = { { "S", "N" } },
  ["tb.K"] = { { "E", "N" } }, ["tb.L"] = { { "E", "N" } },
  ["tb.O"] = { { "E", "N" }, { "S", "N" } }, ["tb.S"] = { { "S", "W" } },
  ["tb.T"] = { { "E", "N" } }, ["tb.U"] = { { "E", "N" }, { "S", "N" } },
  ["tb.V"] = { { "S", "N" } }, ["tb.W"] = { { "N", "W" }, { "S", "W" } },
}

local MOVABLE = { road = true, city = true, cloister = true }

local function add(cands, fh)
  if fh and MOVABLE[fh:kind()] and not contains(cands, fh) then cands[#cands + 1] = fh end
end

local function c1_neighbours(g, from)
  local cands = {}
  for _, a in ipairs(from:adjacent()) do add(cands, a) end     -- `touches` in the tiles
  local tiles = {}
  for _, node in ipairs(from:nodes()) do
    if not contains(tiles, node.tile) then tiles[#tiles + 1] = node.tile end
  end
  for _, th in ipairs(tiles) do
    local info = th:info()
    -- same-tile links: gates and junctions
    for _, group in ipairs(LINKS[info.id] or {}) do
      local fs, mine = {}, false
      for i, name in ipairs(group) do
        fs[i] = g:feature_at(info.x, info.y, (PORT[name] + 3 * info.rot) % 12)
        mine = mine or fs[i] == from
      end
      if mine then for _, f in ipairs(fs) do if f ~= from then add(cands, f) end end end
    end
    -- abbeys (§3.3 "Abbey/cloister", §5): the abbey and what its sides touch
    for d = 1, 4 do
      local nx, ny = info.x + STEP[d][1], info.y + STEP[d][2]
      local back = (d + 1) % 4 + 1                     -- the opposite side
      if info.id == ABBEY then                        -- from the abbey outwards
        for _, p in ipairs(SIDE_PORTS[back]) do add(cands, g:feature_at(nx, ny, p)) end
      else
        local abbey, ath = is_abbey(g, nx, ny)
        if abbey then                                 -- a side of `from` faces it
          for _, p in ipairs(SIDE_PORTS[d]) do
            if g:feature_at(info.x, info.y, p) == from then add(cands, ath:feature(1)) break end
          end
        end
      end
    end
  end
  return cands
end

-- C2 (option): any feature on the wagon's tile or the 8 around it.
local function c2_neighbours(g, wagon_tile)
  local cands, info = {}, wagon_tile:info()
  for dy = -1, 1 do
    for dx = -1, 1 do
      local th = g:tile_at(info.x + dx, info.y + dy)
      if th then for _, f in ipairs(th:features()) do add(cands, f) end end
    end
  end
  return cands
end

-- The wagons waiting for their owner's decision: those on a completed
-- feature (it was scored this turn; the wagon `stays`).
local function waiting_wagons(g)
  local list
  for p = 1, g:players() do
    if g:supply(p, "wagon") == 0 then list = list or {} end
  end
  if not list then return nil end
  for _, fig in ipairs(g:placed_figures("wagon")) do
    local info = fig:info()
    if info.kind == "wagon" and info.at.feature and info.at.feature:closed() then
      list[#list + 1] = { fig = fig, owner = info.owner, feature = info.at.feature }
    end
  end
  return list
end

action "wagon"      -- args: owner, x, y, segment (0: back to the supply)

phase "am_after_scoring" { after = "score" }

collect("am_after_scoring", function(ctx)
  local g, me = ctx.game, ctx.player
  -- §3.1: an abbey played from hand leaves the hand (its token marks it)
  if ctx.play:tile() == ABBEY and g:supply(me, "abbey") > 0 then
    local th = ctx.play:placed()
    if th and #g:figures({ tile = th }) == 0 then g:deploy(me, "abbey", { tile = th }) end
  end
  -- §2.3 (b), (c)
  barn_scoring(ctx)
  -- §2.3 (d), §3.3: owners decide in turn order from the active player
  local wagons = waiting_wagons(g)
  if not wagons or #wagons == 0 then return nil end
  local n, best = g:players(), nil
  for _, w in ipairs(wagons) do
    w.order = (w.owner - me) % n
    if not best or w.order < best.order then best = w end
  end
  local moves = { { type = "action", action = "wagon", args = { best.owner, 0, 0, 0 } } }
  local cands
  if WAGON_MOVE == "C2" then cands = c2_neighbours(g, best.feature:spot().tile)
  else cands = c1_neighbours(g, best.feature) end
  for _, f in ipairs(cands) do
    -- incomplete and unoccupied; any of its tiles (§3.3 [FAQ])
    if not f:closed() and #f:figures() == 0 then
      for _, node in ipairs(f:nodes()) do
        local info = node.tile:info()
        moves[#moves + 1] = { type = "action", action = "wagon",
                              args = { best.owner, info.x, info.y, node.segment } }
      end
    end
  end
  return moves
end)

on("action", function(ctx, move)
  local g = ctx.game
  if move.action == "abbey_decline" then
    g:deploy(ctx.player, "abbey", { out = true })     -- kept off the board for good
    return nil
  end
  if move.action ~= "wagon" then return nil end
  local owner, x, y, seg = move.args[1], move.args[2], move.args[3], move.args[4]
  for _, fig in ipairs(g:placed_figures("wagon", owner)) do
    local info = fig:info()
    if info.kind == "wagon" and info.owner == owner and info.at.feature and info.at.feature:closed() then
      if seg == 0 then fig:return_to_supply()
      else fig:move({ feature = g:tile_at(x, y):feature(seg) }) end
      break
    end
  end
  return true                                         -- the next wagon, if any
end)

-- }======================================================================

-- {======================================================================
-- §4.1 ambiguity, reading B (option): mayors count 0 in incomplete cities
-- =======================================================================

if MAYOR_FINAL == "zero" then
  transform("feature_points", function(ctx, feature, points)
    if feature.kind == "city" and feature.when == "final" then
      local strength, leaders = ctx.game:majority(feature.handle, { meeple = 1, wagon = 1 })
      return points, strength > 0 and leaders or {}
    end
  end)
end

-- }======================================================================
