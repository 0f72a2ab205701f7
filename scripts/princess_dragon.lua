-- The Princess & The Dragon (1st edition, HiG 2005), an expansion of the
-- base game, written in Lua against docs/lua-api.md only: no line of C
-- knows a dragon, a fairy, a portal or a princess.
-- The rules, in sections cited as §n below:
--   §1 Components and setup; §2 Turn structure; §3 Placement legality;
--   §4 Scoring; §5 Interactions; §7 Worked examples (PD-EX-01..06).
-- Tiles: tiles/princess_dragon.tiles and tiles/princess_dragon_dragon.tiles
-- (their headers give the source: JCloisterZone's tile data, facts only).
--
--   meeple play --with princess_dragon
--   meeple play --with princess_dragon --option dragon_timing=after_scoring
--
-- What runs where (no `state`: the dragon, the fairy and the dragon's trail
-- on the board are all these rules remember):
--   tiles, tunnel, cloister in a city        tile data (C)
--   the dragon tiles set aside until the     a stack of their own, joined
--   first volcano (§2)                       to the draw stack by the
--                                            volcano hook (only volcanoes)
--   volcano: the dragon lands (§2)           on("tile_placed"), volcanoes only
--   no deploy on the dragon's tile (§3)      allow("figure_placement"): every
--                                            turn with a deploy
--   the dragon's 6 moves, eating (§2.4)      phase "dragon" + collect and
--                                            on("action"), dragon tiles only
--   magic portal (§2.3)                      collect("place_figure"), portal
--                                            tiles only, + on("action")
--   princess (§2.3)                          the same, princess tiles only
--   fairy: move, +1 a turn, +3 (§2.3, §4)    collect("place_figure") and
--                                            on("turn_begin"): every turn;
--                                            on("feature_scored")
-- The fairy's moves, its point and the volcano veto cost Lua calls on
-- every turn, so this expansion runs far slower than the declared ones
-- (`meeple bench --with princess_dragon`; docs/lua-api.md, hook costs).
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

-- §1: one dragon and one fairy, nobody's. The dragon stands on a tile.
-- The fairy stands next to a follower: on that follower's segment, where
-- it counts for nothing (strength 0, no group a follower is kept out by,
-- never sent home by a scoring). The dragon's trail marks the tiles it
-- entered in the movement under way (its start included), so the rules
-- need no `state`: everything they remember is on the board.
-- [known interaction] Abbey & Mayor's wagon moves only onto a feature that
-- holds no figure at all, so the fairy's feature is closed to it.
figure "dragon"       { neutral = 1, on = {}, strength = 0, stays = true }
figure "fairy"        { neutral = 1, on = {}, strength = 0, stays = true }
figure "dragon_trail" { neutral = 7, on = {}, strength = 0, stays = true }

reason "fairy"
action "fairy"
action "portal"
action "princess"
action "dragon"

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
-- Figures the dragon does not eat: a barn stands on a corner of four
-- tiles (§2.4, §5); the neutral figures are nobody's.
local NOT_EATEN = { barn = true }

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

-- The neutral figure of that kind on the board, or nil.
local function neutral(g, kind) return g:placed_figures(kind)[1] end

-- The tile the dragon stands on, or nil before the first volcano.
local function dragon_tile(g)
  local dragon = neutral(g, "dragon")
  return dragon and dragon:info().at.tile
end

-- Puts the neutral figure of that kind at `at` (deployed the first time).
local function put_neutral(g, kind, at)
  local fig = neutral(g, kind)
  if fig then fig:move(at) else g:deploy(0, kind, at) end
end

-- Where a figure standing on a segment is: its tile and segment (from 1),
-- or nil for one that stands elsewhere (a corner, a tile).
local function spot_of(fig)
  local at = fig:info().at.feature
  if not at then return nil end
  local spot = at:spot()
  return spot.tile, spot.segment
end

-- The players' figures standing on segment seg of the tile th itself, not
-- elsewhere on its feature.
local function figures_on(th, seg)
  local out = {}
  for _, fig in ipairs(th:feature(seg):figures()) do
    local info = fig:info()
    local spot = info.at.feature:spot()
    if info.owner >= 1 and spot.segment == seg and spot.tile == th then out[#out + 1] = fig end
  end
  return out
end

-- The tile and segment the fairy stands on (next to its follower), or nil.
local function fairy_spot(g)
  local fairy = neutral(g, "fairy")
  if fairy then return spot_of(fairy) end
  return nil
end

-- The owner of the follower the fairy stands next to, or nil (it went
-- home, was eaten or sent away: the fairy stays where it is, §3).
local function fairy_follower(g)
  local th, seg = fairy_spot(g)
  if not th then return nil end
  for _, fig in ipairs(figures_on(th, seg)) do
    local info = fig:info()
    if is_follower(info.kind) then return info.owner end
  end
  return nil
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
  local g = ctx.game
  put_neutral(g, "dragon", { tile = th })
  if EARLY_DRAGON == "set_aside" and g:stack_size(ASIDE) > 0 then
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
  local th = dragon_tile(ctx.game)
  return not th or th ~= ctx.play:placed()
end)

-- }======================================================================

-- {======================================================================
-- §2.4 The dragon moves: 6 steps, the players in turn, eating followers
-- =======================================================================

-- §2.4: the placer moves first, then each next player clockwise, 6 moves
-- whatever the number of players; never onto a tile visited in this
-- movement (its start included) nor onto the fairy's tile; a dead end
-- stops it early (PD-EX-03). The trail lies on the tiles entered: the
-- number of moves made is its length less one.
on("tile_placed", function(ctx)
  local g = ctx.game
  local th = dragon_tile(g)
  if th then g:deploy(0, "dragon_trail", { tile = th }) end   -- "place": nothing moves
end, { tiles = { "dragon" } })

phase "dragon" { after = TIMING == "before_scoring" and "place_figure" or "score" }

-- The moves the dragon may make from th: the tiles next to it that it has
-- not entered in this movement and where the fairy does not stand.
local function dragon_steps(g, th, trail)
  local info = th:info()
  local fairy = fairy_spot(g)
  local out = {}
  for _, step in ipairs(STEPS) do
    local to = g:tile_at(info.x + step[1], info.y + step[2])
    if to and to ~= fairy then
      local seen = false
      for _, mark in ipairs(trail) do seen = seen or mark:info().at.tile == to end
      if not seen then out[#out + 1] = to end
    end
  end
  return out
end

collect("dragon", function(ctx)
  local g = ctx.game
  local trail = g:placed_figures("dragon_trail")
  if #trail == 0 then return nil end
  local made = #trail - 1
  local mover = (ctx.player - 1 + made) % g:players() + 1
  local moves = {}
  for _, to in ipairs(dragon_steps(g, dragon_tile(g), trail)) do
    local info = to:info()
    moves[#moves + 1] = { type = "action", action = "dragon", args = { info.x, info.y, mover, made + 1 } }
  end
  return moves
end, { tiles = { "dragon" } })

-- §2.4: on every tile it enters the dragon eats the players' figures
-- standing there (followers, builders, pigs); they go home. Barns stand on
-- a corner of four tiles and are not eaten (§5).
local function eat(th)
  for seg = 1, th:info().segments do
    for _, fig in ipairs(figures_on(th, seg)) do
      if not NOT_EATEN[fig:info().kind] then fig:return_to_supply() end
    end
  end
end

-- One move; after the sixth, or when no tile is left to enter, the trail
-- is picked up and the phase ends.
local function move_dragon(ctx, x, y)
  local g = ctx.game
  local th = g:tile_at(x, y)
  put_neutral(g, "dragon", { tile = th })
  g:deploy(0, "dragon_trail", { tile = th })
  eat(th)
  local trail = g:placed_figures("dragon_trail")
  if #trail - 1 >= 6 or #dragon_steps(g, th, trail) == 0 then
    for _, mark in ipairs(trail) do mark:return_to_supply() end
  end
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
  local g = ctx.game
  local fth, fseg = fairy_spot(g)
  local moves
  for _, kind in ipairs(followers(g)) do
    for _, fig in ipairs(g:placed_figures(kind, ctx.player)) do
      local th, seg = spot_of(fig)
      if th and not (seg == fseg and th == fth) then
        local info = th:info()
        moves = moves or {}
        moves[#moves + 1] = { type = "action", action = "fairy", args = { info.x, info.y, seg, 0 } }
      end
    end
  end
  return moves
end)

local function move_fairy(ctx, x, y, seg)
  put_neutral(ctx.game, "fairy", { feature = ctx.game:tile_at(x, y):feature(seg) })
end

-- §4 (PD-EX-06): at the start of a turn, 1 point to the player whose
-- follower the fairy stands next to, if it is theirs.
on("turn_begin", function(ctx)
  if fairy_follower(ctx.game) == ctx.player then ctx:score(ctx.player, 1, "fairy") end
end)

-- §4 (PD-EX-06): when the feature of the fairy's follower is scored, the
-- follower's owner scores 3 more, whoever wins the feature (at the end of
-- the game only with fairy_final).
on("feature_scored", function(ctx, feature, args)
  if args.when == "final" and not FAIRY_FINAL then return end
  local g = ctx.game
  local th, seg = fairy_spot(g)
  if not th or th:feature(seg) ~= feature then return end
  local owner = fairy_follower(g)
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
  local g = ctx.game
  local placed, dragon = ctx.play:placed(), dragon_tile(g)
  local kinds = {}
  for k, kind in ipairs(followers(g)) do
    if g:supply(ctx.player, kind) > 0 then kinds[#kinds + 1] = { k, kind } end
  end
  if #kinds == 0 then return nil end
  local moves = {}
  for _, th in ipairs(g:tiles()) do
    if th ~= placed and th ~= dragon then
      local info = th:info()
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

local function portal(ctx, x, y, seg, k)
  local g = ctx.game
  g:deploy(ctx.player, followers(g)[k], g:tile_at(x, y):feature(seg))
end

-- }======================================================================

-- {======================================================================
-- §2.3 The princess: a knight leaves the city
-- =======================================================================

-- §2.3 (PD-EX-05): a princess tile that joins a city holding knights lets
-- the player send one of them home instead of deploying: one move per
-- follower in that city (anyone's).
collect("place_figure", function(ctx)
  local th = ctx.play:placed()
  local moves = {}
  for seg = 1, th:info().segments do
    if th:segment_attr(seg, "princess") ~= 0 then
      for _, fig in ipairs(th:feature(seg):figures()) do
        local info = fig:info()
        if info.owner >= 1 and is_follower(info.kind) then
          local at, s = spot_of(fig)
          local xy = at:info()
          moves[#moves + 1] = { type = "action", action = "princess", args = { xy.x, xy.y, s, 0 } }
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
