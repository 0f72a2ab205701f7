-- The Princess & The Dragon (1st edition, HiG 2005), an expansion of the
-- base game, written in Lua against docs/lua-api.md only: no line of C
-- knows a dragon, a fairy, a portal or a princess.
-- The rules (/work/shared/rules/princess-dragon.md), cited as §n below:
--   §1 Components and setup; §2 Turn structure; §3 Placement legality;
--   §4 Scoring; §5 Interactions; §7 Worked examples (PD-EX-01..06).
-- Tiles: tiles/princess_dragon.tiles and tiles/princess_dragon_dragon.tiles
-- (their headers give the source: JCloisterZone's tile data, facts only).
--
--   meeple play --with princess_dragon
--   meeple play --with princess_dragon --option dragon_timing=after_scoring
--
-- What runs where:
--   tiles, tunnel, cloister in a city        tile data (C)
--   the dragon tiles set aside until the     a stack of their own, joined
--   first volcano (§2)                       to the draw stack by the
--                                            volcano hook (only volcanoes)
--   volcano: the dragon lands (§2)           on("tile_placed"), volcanoes only
--   no deploy on the dragon's tile (§3)      allow("figure_placement")
--   the dragon's 6 moves, eating (§2.4)      phase "dragon" + collect and
--                                            on("action"), dragon tiles only
--   magic portal (§2.3)                      collect("place_figure"), portal
--                                            tiles only, + on("action")
--   princess (§2.3)                          the same, princess tiles only
--   fairy: move, +1 a turn, +3 (§2.3, §4)    collect("place_figure"),
--                                            on("turn_begin"),
--                                            on("feature_scored")
--
-- Moves (four integers; a spot name works in scenarios: `action fairy 1 0 N 0`):
--   action fairy X Y SEGMENT 0       the fairy goes next to your follower there
--   action portal X Y SEGMENT K      your follower of kind K (FOLLOWERS order)
--                                    goes onto that segment, anywhere
--   action princess X Y SEGMENT 0    the knight standing there goes home
--   action dragon X Y MOVER STEP     the dragon moves onto the tile at X,Y:
--                                    step STEP (1-6) of the movement, the
--                                    player MOVER's move by the rules

expansion "princess_dragon" { requires = { "base" } }

-- {======================================================================
-- Options (where editions and readings differ)
-- =======================================================================

-- §2 [verify, settled]: the 1st-edition rules (carcassonne-spiel.com, the
-- publisher's page: "this land tile will be placed apart ... as soon as the
-- dragon comes into play through a volcano land tile, all of the land tiles
-- you placed apart are coming back to the land tile stack"; JCloisterZone
-- keeps the dragon tiles out of the draw until a volcano is placed). Set
-- aside until the first volcano, then shuffled in: that is the same draw
-- as keeping them in a stack of their own until then and shuffling the
-- draw stack when they join it, which is what this script does.
-- "place": later editions' reading, a dragon tile drawn while the dragon
-- is off the board is placed as usual and the dragon does not move.
local EARLY_DRAGON = option "dragon_before_volcano" {
  values = { "set_aside", "place" }, default = "set_aside",
  doc = "A dragon tile drawn before any volcano is placed (§2): set_aside (1st edition, "
     .. "default: the dragon tiles wait until the first volcano, then are shuffled into the "
     .. "stack) or place (placed as usual; the dragon does not move).",
}

-- §2.4 [verify, settled]: the rules' turn order is deploy, dragon, score
-- (papageek's 1st-edition text; JCloisterZone's default, its
-- "dragon move after scoring" rule is an option there too).
local TIMING = option "dragon_timing" {
  values = { "before_scoring", "after_scoring" }, default = "before_scoring",
  doc = "When the dragon moves after a dragon tile (§2.4): before_scoring (default, the "
     .. "rules' order: deploy, dragon, score) or after_scoring (a house rule JCloisterZone "
     .. "also offers).",
}

-- §4 [verify, settled]: JCloisterZone's 1st-edition fairy pays the 3
-- points only for features scored during play ("finished object"); later
-- editions pay them at the final scoring too.
local FAIRY_FINAL = option "fairy_final" {
  values = { false, true }, default = false,
  doc = "Does the fairy's follower earn its owner 3 points when its feature is scored at "
     .. "the end of the game (§4)? false (default: only features completed during play, "
     .. "1st edition) or true.",
}

-- }======================================================================

-- {======================================================================
-- §1 Components
-- =======================================================================

-- The princess stands in one city of her tile: that segment carries it.
attribute "princess" { merge = "sum" }

-- §1: 30 land tiles. The 18 without a dragon go into the draw stack; the
-- 12 with one wait in a stack of their own until the first volcano (§2).
local ASIDE = "pd_dragon_tiles"
tiles "princess_dragon"
if EARLY_DRAGON == "set_aside" then
  stack(ASIDE) {}
  tiles "princess_dragon_dragon" { stack = ASIDE }
else
  tiles "princess_dragon_dragon"
end

-- §1: one dragon and one fairy, nobody's. They stand on a tile, not on a
-- feature, so no majority, occupancy or scoring sees them.
figure "dragon" { neutral = 1, on = {}, strength = 0, stays = true }
figure "fairy"  { neutral = 1, on = {}, strength = 0, stays = true }

reason "fairy"
action "fairy"
action "portal"
action "princess"
action "dragon"

-- What the script remembers between hooks: where the dragon and the fairy
-- are, and the dragon's movement under way. Flat scalars: the state is
-- stored after every hook call, so it is kept small.
state {
  dragon = false,        -- the dragon is on the board (from the first volcano)
  dx = 0, dy = 0,        -- its tile
  fseg = 0,              -- the fairy's follower's segment (0: the fairy is off the board)
  fx = 0, fy = 0,        -- and tile
  steps = 0,             -- moves left in this movement
  mover = 0,             -- who makes the next move
  visited = "",          -- ";x,y;x,y;...;": the tiles entered in this movement
}

-- }======================================================================

-- {======================================================================
-- Helpers
-- =======================================================================

-- The figure kinds that are followers (§2.3: the fairy, the portal and the
-- princess deal with followers), and where each may stand, when a loaded
-- script declares them (base: meeple; Abbey & Mayor: mayor, wagon).
local FOLLOWER_ON = {
  meeple = { road = true, city = true, cloister = true, field = true },
  mayor = { city = true },
  wagon = { road = true, city = true, cloister = true },
}
local FOLLOWER_ORDER = { "meeple", "mayor", "wagon" }
-- Figures that never stand on a segment of one tile and so are not eaten:
-- a barn stands on a corner of four (§2.4).
local NOT_EATEN = { barn = true, dragon = true, fairy = true }

-- The follower kinds this game declares, in FOLLOWER_ORDER. Rule data, the
-- same for every game of these rules, so it is kept outside the state.
local followers_of = setmetatable({}, { __mode = "k" })
local function followers(g)
  local rules = g:rules()
  local list = followers_of[rules]
  if list then return list end
  local declared = {}
  for _, name in ipairs(rules:names("figure")) do declared[name] = true end
  list = {}
  for _, name in ipairs(FOLLOWER_ORDER) do
    if declared[name] then list[#list + 1] = name end
  end
  followers_of[rules] = list
  return list
end

local function is_follower(kind) return FOLLOWER_ON[kind] ~= nil end

local function key(x, y) return x .. "," .. y .. ";" end

-- Has the dragon entered x, y in this movement?
local function visited(s, x, y) return s.visited:find(";" .. key(x, y), 1, true) ~= nil end

-- Does the fairy stand on the tile at x, y?
local function fairy_at(s, x, y) return s.fseg > 0 and s.fx == x and s.fy == y end

-- The neutral figure of that kind, put on the tile th (deployed the first
-- time).
local function put_neutral(g, kind, th)
  local fig = g:placed_figures(kind)[1]
  if fig then fig:move({ tile = th }) else g:deploy(0, kind, { tile = th }) end
end

-- Where a figure standing on a segment is: x, y, segment (from 1), or nil
-- for one that stands elsewhere (a corner, a tile).
local function spot_of(fig)
  local at = fig:info().at.feature
  if not at then return nil end
  local spot = at:spot()
  local info = spot.tile:info()
  return info.x, info.y, spot.segment
end

-- The figures standing on segment seg of the tile th itself, not
-- elsewhere on its feature.
local function figures_on(th, seg)
  local out = {}
  for _, fig in ipairs(th:feature(seg):figures()) do
    local spot = fig:info().at.feature:spot()
    if spot.segment == seg and spot.tile == th then out[#out + 1] = fig end
  end
  return out
end

local STEPS = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }   -- N, E, S, W

-- }======================================================================

-- {======================================================================
-- §2 The volcano: the dragon lands; §3 no deploy on the dragon's tile
-- =======================================================================

-- §2 (PD-EX-01): the dragon moves straight onto a volcano just placed,
-- from wherever it was. The first volcano also brings the set-aside
-- dragon tiles back: each goes into the draw stack at a random place
-- (shuffled in; the order of the tiles already there is random anyway).
on("tile_placed", function(ctx, th)
  local g, info = ctx.game, th:info()
  put_neutral(g, "dragon", th)
  local s = ctx.state
  s.dragon, s.dx, s.dy = true, info.x, info.y
  if EARLY_DRAGON == "set_aside" and g:stack_size(ASIDE) > 0 then
    -- each at a random place: the draw stack's own order stays as it is
    while g:stack_size(ASIDE) > 0 do g:put_back("main", g:draw(ASIDE), "random") end
  end
end, { tiles = { "volcano" } })

-- §3 (PD-EX-01, PD-EX-04): no figure is deployed on the tile the dragon
-- stands on. At deploy time that is only ever the volcano just placed (the
-- dragon moves after the deploy step); the portal checks other tiles
-- itself. A barn stands on a corner of four tiles, not on this one: it may
-- still go there (wikicarpedia's clarification for volcano tiles).
allow("figure_placement", function(ctx, move)
  if move.figure == "barn" then return true end
  local s = ctx.state
  if not s.dragon then return true end
  local info = ctx.play:placed():info()
  return not (info.x == s.dx and info.y == s.dy)
end)

-- }======================================================================

-- {======================================================================
-- §2.4 The dragon moves: 6 steps, the players in turn, eating followers
-- =======================================================================

-- §2.4: the placer moves first, then each next player clockwise, 6 moves
-- whatever the number of players; never onto a tile visited in this
-- movement (its start included) nor onto the fairy's tile; a dead end
-- stops it early (PD-EX-03).
on("tile_placed", function(ctx)
  local s = ctx.state
  if not s.dragon then s.steps = 0; return end      -- "place": nothing moves
  s.steps, s.mover = 6, ctx.player
  s.visited = ";" .. key(s.dx, s.dy)
end, { tiles = { "dragon" } })

phase "dragon" { after = TIMING == "before_scoring" and "place_figure" or "score" }

collect("dragon", function(ctx)
  local s = ctx.state
  if s.steps <= 0 then return nil end
  local g = ctx.game
  local moves = {}
  for _, step in ipairs(STEPS) do
    local x, y = s.dx + step[1], s.dy + step[2]
    if not visited(s, x, y) and not fairy_at(s, x, y) and g:tile_at(x, y) then
      moves[#moves + 1] = { type = "action", action = "dragon", args = { x, y, s.mover, 7 - s.steps } }
    end
  end
  return moves
end, { tiles = { "dragon" } })

-- §2.4: on every tile it enters the dragon eats the players' figures
-- standing there (followers, builders, pigs); they go home. Barns stand on
-- a corner of four tiles and are not eaten (§5).
local function eat(g, th)
  for seg = 1, th:info().segments do
    for _, fig in ipairs(figures_on(th, seg)) do
      local info = fig:info()
      if info.owner >= 1 and not NOT_EATEN[info.kind] then fig:return_to_supply() end
    end
  end
end

local function move_dragon(ctx, x, y)
  local g, s = ctx.game, ctx.state
  local th = g:tile_at(x, y)
  put_neutral(g, "dragon", th)
  s.dx, s.dy = x, y
  s.visited = s.visited .. key(x, y)
  s.steps = s.steps - 1
  s.mover = s.mover % g:players() + 1
  eat(g, th)
  return true                                       -- the phase asks again
end

-- }======================================================================

-- {======================================================================
-- §2.3 The fairy: instead of a deploy, next to one of your followers
-- =======================================================================

-- §2.3: on a turn when a player deploys no follower (a volcano turn too),
-- they may move the fairy onto the tile of one of their followers, next to
-- it: one move per follower on the board, except the one it is next to.
collect("place_figure", function(ctx)
  local g, s = ctx.game, ctx.state
  local moves
  for _, kind in ipairs(followers(g)) do
    for _, fig in ipairs(g:placed_figures(kind, ctx.player)) do
      local x, y, seg = spot_of(fig)
      if x and not (seg == s.fseg and fairy_at(s, x, y)) then
        moves = moves or {}
        moves[#moves + 1] = { type = "action", action = "fairy", args = { x, y, seg, 0 } }
      end
    end
  end
  return moves
end)

local function move_fairy(ctx, x, y, seg)
  put_neutral(ctx.game, "fairy", ctx.game:tile_at(x, y))
  local s = ctx.state
  s.fx, s.fy, s.fseg = x, y, seg
end

-- The owner of the follower the fairy stands next to, or nil.
local function fairy_follower(g, s)
  if s.fseg == 0 then return nil end
  for _, fig in ipairs(figures_on(g:tile_at(s.fx, s.fy), s.fseg)) do
    local info = fig:info()
    if info.owner >= 1 and is_follower(info.kind) then return info.owner end
  end
  return nil
end

-- §4 (PD-EX-06): at the start of a turn, 1 point to the player whose
-- follower the fairy stands next to, if it is theirs.
on("turn_begin", function(ctx)
  local s = ctx.state
  if s.fseg > 0 and fairy_follower(ctx.game, s) == ctx.player then ctx:score(ctx.player, 1, "fairy") end
end)

-- §4 (PD-EX-06): when the feature of the fairy's follower is scored, the
-- follower's owner scores 3 more, whoever wins the feature (at the end of
-- the game only with fairy_final).
on("feature_scored", function(ctx, feature, args)
  local s = ctx.state
  if s.fseg == 0 or (args.when == "final" and not FAIRY_FINAL) then return end
  local g = ctx.game
  if g:tile_at(s.fx, s.fy):feature(s.fseg) ~= feature.handle then return end
  local owner = fairy_follower(g, s)
  if owner then ctx:score(owner, 3, "fairy", feature) end
end)

-- }======================================================================

-- {======================================================================
-- §2.3 The magic portal: a follower onto any tile
-- =======================================================================

-- §2.3 (PD-EX-04): after placing a portal tile, instead of deploying on
-- it, the player may put a follower on any segment of any tile whose
-- feature is incomplete and holds no follower, except on the dragon's
-- tile (§3). The tile's own segments are the usual deploys.
local function portal_free(fh)
  if fh:closed() then return false end
  for _, fig in ipairs(fh:figures()) do
    local kind = fig:info().kind
    if is_follower(kind) or kind == "barn" then return false end
  end
  return true
end

collect("place_figure", function(ctx)
  local g, s = ctx.game, ctx.state
  local placed = ctx.play:placed()
  local kinds = {}
  for k, kind in ipairs(followers(g)) do
    if g:supply(ctx.player, kind) > 0 then kinds[#kinds + 1] = { k, kind } end
  end
  if #kinds == 0 then return nil end
  local moves = {}
  for _, th in ipairs(g:tiles()) do
    local info = th:info()
    if th ~= placed and not (s.dragon and s.dx == info.x and s.dy == info.y) then
      for seg = 1, info.segments do
        local fh = th:feature(seg)
        if portal_free(fh) then
          local kind_name = fh:kind()
          for _, k in ipairs(kinds) do
            if FOLLOWER_ON[k[2]][kind_name] then
              moves[#moves + 1] = { type = "action", action = "portal", args = { info.x, info.y, seg, k[1] } }
            end
          end
        end
      end
    end
  end
  return moves
end, { tiles = { "portal" } })

-- }======================================================================

-- {======================================================================
-- §2.3 The princess: a knight leaves the city
-- =======================================================================

-- §2.3 (PD-EX-05): a princess tile that joins a city holding knights lets
-- the player send one of them home instead of deploying: one move per
-- follower in that city (anyone's).
collect("place_figure", function(ctx)
  local g = ctx.game
  local th = ctx.play:placed()
  local moves = {}
  for seg = 1, th:info().segments do
    if th:segment_attr(seg, "princess") ~= 0 then
      for _, fig in ipairs(th:feature(seg):figures()) do
        local kind = fig:info().kind
        if is_follower(kind) then
          local x, y, s = spot_of(fig)
          moves[#moves + 1] = { type = "action", action = "princess", args = { x, y, s, 0 } }
        end
      end
    end
  end
  return moves
end, { tiles = { "princess" } })

local function send_home(ctx, x, y, seg)
  for _, fig in ipairs(figures_on(ctx.game:tile_at(x, y), seg)) do
    if is_follower(fig:info().kind) then fig:return_to_supply(); return end
  end
end

-- }======================================================================

-- {======================================================================
-- Playing the moves
-- =======================================================================

local function portal(ctx, x, y, seg, k)
  local g = ctx.game
  local kind = followers(g)[k]
  g:deploy(ctx.player, kind, g:tile_at(x, y):feature(seg))
end

local PLAY = {
  dragon = function(ctx, a) return move_dragon(ctx, a[1], a[2]) end,
  fairy = function(ctx, a) move_fairy(ctx, a[1], a[2], a[3]) end,
  portal = function(ctx, a) portal(ctx, a[1], a[2], a[3], a[4]) end,
  princess = function(ctx, a) send_home(ctx, a[1], a[2], a[3]) end,
}

on("action", function(ctx, move)
  local play = PLAY[move.action]
  if play then return play(ctx, move.args) end
end)

-- }======================================================================
