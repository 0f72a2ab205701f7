-- The Flier (Die Fluggeräte, HiG 2012, mini expansion #1; C2 "The Flying
-- Machines" 2017), an expansion of the base game. The rules, in sections
-- cited as §n below (docs/rules/flying_machines.md): §1 Components and
-- setup; §2 Flying; §3 Landing; §4 Interactions; §5 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with flying_machines
--
-- A flight is two moves of the player who placed a flier tile:
--   pass, then                  the deploy phase passed (no figure on the
--                               tile), the phase "takeoff" offers:
--   action fly KIND 0 0 0       instead of a deploy on the tile (§2): the
--                               die (g:random(3), logged) says how far the
--                               figure flies along the tile's arrow, which
--                               turns with the tile (the tiles are
--                               `oriented`: each of the four turns is a
--                               placement of its own)
--   action land X Y SEGMENT 0   where it lands (§3): a move of a phase of
--                               its own, "flight", which offers no pass
--                               (the landing is compulsory when possible)
-- A flight that ends on an empty cell, or on a tile with no incomplete
-- feature but fields, leaves the figure in its owner's supply (§3).
--
-- What runs where. All of it is hooks on the public API (issue #41:
-- "first as hooks"):
--   offer the flight on a flier tile       collect("takeoff"), a phase of its
--                                          own, scoped by `tiles` to the
--                                          flier tiles: no call on any
--                                          other turn
--   roll, find the landing tile            on("action")
--   offer the landing spots                collect("flight"), scoped the
--                                          same way
--   land                                   on("action"): g:deploy
-- Cost: README speed table, flying_machines.md §6.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "flying_machines" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 8 land tiles, shuffled into the base tiles; the die is g:random(3)
-- (its faces 1, 1, 2, 2, 3, 3).
tiles "flying_machines"

action "fly"  { args = { "kind" } }
action "land" { args = { "x", "y", "segment" } }
phase "takeoff" { after = "place_figure" }
phase "flight" { after = "takeoff" }

-- the flight under way: the cell it lands on and the figure kind (an
-- index into FLIERS); flying false when none
state { flying = false, fx = 0, fy = 0, kind = 0 }

-- }======================================================================

-- {======================================================================
-- §2 Flying
-- =======================================================================

-- §2: the figures that may fly, by the index the fly move names, when
-- their expansion is loaded (the large meeple: Inns & Cathedrals; the
-- mayor and the wagon: Abbey & Mayor; the abbot: base's abbot option),
-- and the kinds of feature each may land on: where it may stand, never a
-- field (§3; the mayor only on a city, the abbot on a monastery or a
-- garden [FAQ: wiki]).
local FLIERS = { "meeple", "big", "mayor", "wagon", "abbot" }
local ROADS_CITIES = { city = true, road = true, cloister = true }
local LANDS_ON = { meeple = ROADS_CITIES, big = ROADS_CITIES, wagon = ROADS_CITIES,
                   mayor = { city = true }, abbot = { cloister = true, garden = true } }

-- whether the rules declare a figure kind: read once from the rules'
-- names (the rules loaded do not change under a script)
local declared
local function has_kind(g, kind)
  if not declared then
    declared = {}
    for _, name in ipairs(g:rules():names("figure")) do declared[name] = true end
  end
  return declared[kind]
end

-- §2: a flier tile's arrow, as printed: west (fly_orth) or north-west
-- (fly_diag), turned with the tile a quarter clockwise per rotation.
local function arrow(th, rot)
  local dx, dy = -1, 0
  if th:id():sub(-2) == ".d" then dy = -1 end
  for _ = 1, rot do dx, dy = -dy, dx end
  return dx, dy
end

-- §2: instead of a deploy on the tile, a figure from the supply may take
-- the flying machine, in any of the tile's same-looking turns. Offered in
-- a phase of its own after place_figure, to a player who deployed nothing
-- there (no figure of theirs on the tile just placed: a tile placed this
-- turn holds only this turn's deploys), with a pass: passing on the
-- figure and then flying is the flight instead of the deploy. A collector
-- on place_figure itself would make the flow list every turn's deploys
-- eagerly (about 250k instructions a game); one on a phase of its own
-- does not.
collect("takeoff", function(ctx)
  local g, me, moves = ctx.game, ctx.player, nil
  local th = ctx.play:placed()
  for _, fig in ipairs(th:figures()) do
    if fig:info().owner == me then return nil end
  end
  for i, kind in ipairs(FLIERS) do
    if has_kind(g, kind) and g:supply(me, kind) > 0 then
      moves = moves or {}
      moves[#moves + 1] = { type = "action", action = "fly", args = { kind = i } }
    end
  end
  if moves then moves[#moves + 1] = { type = "pass" } end
  return moves
end, { tiles = { "flying_machine" } })

-- }======================================================================

-- {======================================================================
-- §3 Landing
-- =======================================================================

-- §3: the spots a flier of a kind may land on at x,y: one segment of
-- each incomplete feature of a kind it may stand on, occupied or not.
-- Princess & Dragon: no follower is placed on the dragon's tile (a figure
-- that blocks its tile) [official P&D; JCZ: the landing tile must allow
-- deployments].
local BLOCKS_TILE = { dragon = true }

local function spots(g, x, y, kind)
  local th = g:tile_at(x, y)
  if not th then return nil end
  for _, fig in ipairs(th:figures()) do
    if BLOCKS_TILE[fig:info().kind] then return nil end
  end
  local list, seen, lands = nil, {}, LANDS_ON[kind]
  for i = 1, th:info().segments do
    local f = th:feature(i)
    if lands[f:kind()] and not f:closed() and not seen[f] then
      seen[f] = true
      list = list or {}
      list[#list + 1] = i
    end
  end
  return list
end

on("action", function(ctx, move)
  local a = move.action
  if a == "fly" then
    -- §2: the die; §3: a flight with nowhere to land ends in the supply
    local g, st = ctx.game, ctx.state
    local th = ctx.play:placed()
    local x, y = th:xy()
    local dx, dy = arrow(th, th:rot())
    local pips = g:random(3)
    x, y = x + dx * pips, y + dy * pips
    if spots(g, x, y, FLIERS[move.args.kind]) then
      st.flying, st.fx, st.fy, st.kind = true, x, y, move.args.kind
    end
  elseif a == "land" then
    local st, args = ctx.state, move.args
    local fh = ctx.game:tile_at(args.x, args.y):feature(args.segment)
    ctx.game:deploy(ctx.player, FLIERS[st.kind], fh)
    st.flying = false
  end
end)

-- §3: the landing is compulsory when there is a spot: no pass.
collect("flight", function(ctx)
  local st = ctx.state
  if not st.flying then return nil end
  local moves = {}
  for _, seg in ipairs(spots(ctx.game, st.fx, st.fy, FLIERS[st.kind])) do
    moves[#moves + 1] = { type = "action", action = "land",
                          args = { x = st.fx, y = st.fy, segment = seg } }
  end
  return moves
end, { tiles = { "flying_machine" } })

-- }======================================================================
