-- Mage & Witch (Hans im Glueck, C1 2012, Mini #5; C2 2017 in Big Box 6),
-- an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/mage_witch.md):
--   §1 Components and setup; §2 Placing or moving a magic figure; §3 The
--   two may not meet; §4 Scoring; §5 Interactions; §6 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with mage_witch
--
-- What runs where. The mage and the witch are neutral figures (one each,
-- owner 0) on roads and cities. Hooks on the public API (issue #41:
-- "first as hooks") place and score them:
--   place or move one after a magic tile      phase "magic" (after place_tile):
--     (§2), and one of them when a tile joins   collect + on("action"); a Lua
--     their features (§3)                       call a turn part once either
--                                               stands on the board or the tile
--                                               is a magic one
--   the mage's 1 a tile, the witch's half    transform("feature_points"),
--     (§4)                                      narrowed in C to features whose
--                                               attribute mage or witch is set
--   which tile is a magic one              on("tile_placed"), scoped to the
--                                             tiles tagged magic
-- Cost: about 0.019x base (README speed table, mage_witch.md §8), nearly
-- all of it the 8 magic turns' move lists (every open road and city, for
-- each figure). The next step is a general capability in C: a neutral
-- figure moved onto any open feature of some kinds, offered as
-- deploy_anywhere offers a follower's.
-- Where a magic figure stands is also a summed segment attribute (mage,
-- witch: 1 on the segment it stands on, th:add_segment_attr), so the
-- engine itself tells which scored features hold one: the transform is
-- not called for any other feature. The figure is what the board shows
-- and what the rules check; the attribute only narrows the call.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "mage_witch" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the 8 magic tiles are shuffled into the base tiles.
tiles "mage_witch"

-- §1: one mage, one witch, beside the board until a magic tile brings
-- them in; never deployed by a player (on = {}: no deploy move names
-- them), moved by §2's action alone.
figure "mage"  { neutral = 1, on = {}, strength = 0 }
figure "witch" { neutral = 1, on = {}, strength = 0 }

-- Where each stands, as a segment attribute (see the header).
attribute "mage"  { merge = "sum" }
attribute "witch" { merge = "sum" }

-- 1 = mage, 2 = witch: the figure argument of the action.
local NAMES = { "mage", "witch" }

-- }======================================================================

-- {======================================================================
-- §4 Scoring
-- =======================================================================

-- §4: a road or city holding the mage scores 1 more a tile (not a
-- pennant [W]); one holding the witch half, rounded up, after an inn's or
-- cathedral's change [W]. During play and at the end alike. The
-- attribute may outlive the figure (a dragon ate it): the figure decides.
transform("feature_points", function(ctx, f, points)
  for _, fig in ipairs(f:figures()) do
    local kind = fig:info().kind
    if kind == "mage" then return points + f:tiles() end
    if kind == "witch" then return (points + 1) // 2 end
  end
  return nil
end, { kinds = { "road", "city" }, attrs = { "mage", "witch" } })

-- }======================================================================

-- {======================================================================
-- §2 Placing or moving a magic figure; §3 The two may not meet
-- =======================================================================

action "magic" { args = { "figure", "x", "y", "segment" } }
phase "magic" { after = "place_tile" }

-- The turn part whose tile is a magic one (turn * 16 + part), set by a
-- tile_placed hook the engine calls for magic tiles alone; both: whether
-- both figures may stand on the board (cleared when the phase finds
-- otherwise): a plain tile looks no further unless both do.
state { magic_at = -1, both = false }

on("tile_placed", function(ctx)
  ctx.state.magic_at = ctx.turn * 16 + ctx.part
end, { tiles = { "magic" } })

-- The feature a magic figure stands on, or nil (in the supply).
local function feature_of(fig)
  if not fig then return nil end
  local info = fig:info()
  if not info.segment then return nil end
  return info.tile:feature(info.segment), info.tile, info.segment
end

-- §2: the incomplete roads and cities that hold neither magic figure, as
-- { x, y, segment } anchors. Features are told apart by their anchors:
-- comparing handles (==) calls a metamethod for every pair.
local function targets(g, mage_f, witch_f)
  local mx, my, ms, wx, wy, ws
  if mage_f then mx, my, ms = mage_f:anchor() end
  if witch_f then wx, wy, ws = witch_f:anchor() end
  local list = {}
  for _, f in ipairs(g:features()) do
    local kind = f:kind()
    if (kind == "road" or kind == "city") and not f:closed() then
      local x, y, seg = f:anchor()
      if not (x == mx and y == my and seg == ms) and not (x == wx and y == wy and seg == ws) then
        list[#list + 1] = { x, y, seg }
      end
    end
  end
  return list
end

-- §2: after a magic tile, place one of the two or move one of them to
-- another incomplete road or city; none left: take one off the board
-- (segment 0). §3: a tile (magic or not) that joins their features makes
-- the player move one of them off it, before scoring. No pass: both are
-- musts.
collect("magic", function(ctx)
  local st = ctx.state
  local magic = st.magic_at == ctx.turn * 16 + ctx.part
  if not magic and not st.both then return nil end
  local g = ctx.game
  local mage, witch = g:placed_figures("mage")[1], g:placed_figures("witch")[1]
  local mage_f, witch_f = feature_of(mage), feature_of(witch)
  if not (mage_f and witch_f) then st.both = false end
  local met = mage_f and witch_f and mage_f == witch_f
  if not magic and not met then return nil end
  local moves = {}
  local list = targets(g, mage_f, witch_f)
  for who = 1, 2 do
    for _, t in ipairs(list) do
      -- a list, not named keys: dozens of moves a magic turn (lua-api.md, action)
      moves[#moves + 1] = { type = "action", action = "magic", args = { who, t[1], t[2], t[3] } }
    end
  end
  if #moves == 0 then
    -- §2: nowhere to go: one of those on the board leaves it
    if mage then moves[#moves + 1] = { type = "action", action = "magic", args = { figure = 1, x = 0, y = 0, segment = 0 } } end
    if witch then moves[#moves + 1] = { type = "action", action = "magic", args = { figure = 2, x = 0, y = 0, segment = 0 } } end
  end
  if #moves == 0 then return nil end
  return moves
end)

on("action", function(ctx, move)
  if move.action ~= "magic" then return end
  local g, a = ctx.game, move.args
  local name = NAMES[a.figure]
  local fig = g:placed_figures(name)[1]
  if fig then                                       -- its mark leaves with it
    local _, th, seg = feature_of(fig)
    th:add_segment_attr(seg, name, -1)
  end
  if a.segment == 0 then
    if fig then fig:return_to_supply() end
    return
  end
  local th = g:tile_at(a.x, a.y)
  local target = th:feature(a.segment)
  if fig then fig:move({ feature = target }) else g:deploy(0, name, target) end
  th:add_segment_attr(a.segment, name, 1)
  local other = NAMES[3 - a.figure]
  if g:placed_figures(other)[1] then ctx.state.both = true end
end)

-- }======================================================================
