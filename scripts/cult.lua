-- Heretics and Shrines ("The Cult", HiG 2007 in Count, King & Robber; RGG
-- 2008 in Cult, Siege & Creativity), an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/cult.md):
--   §1 Components; §2 Shrines; §3 Placement; §4 The challenge;
--   §5 Interactions; §6 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with cult
--   meeple play --with cult --option shrine_tiles=5
--
-- What runs where. A shrine is a cloister segment with the attribute
-- shrine, so placing, deploying, completing and scoring it is the base
-- game's data, evaluated in C. Hooks on the public API (issue #41: "first
-- as hooks") do the rest:
--   where the shrines and cloisters are     on("tile_placed"), scoped to the tiles
--                                             tagged shrine or with a cloister
--   a shrine next to two cloisters          allow("tile_placement"), scoped to
--                                             the tiles tagged shrine
--   a cloister next to two shrines          allow("tile_placement"), scoped to
--                                             the tiles with a cloister (a kind
--                                             filter, checked in C)
--   the challenge: the first completed      on("feature_scored") (a call per
--     wins, the other's followers go home     scored feature)
-- Cost (README speed table, cult.md §8): the vetoes are asked only on the
-- turns that place a cloister or a shrine (each placement of that tile),
-- and read two sets of cells, not the board. The kind filter is a general
-- capability (docs/lua-api.md: `tiles` names tags, attributes or kinds):
-- a base cloister tile carries no tag or attribute to scope a veto by, and
-- unscoped the veto was asked about every placement of every tile
-- (0.007x base).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "cult" { requires = { "base" } }

-- {======================================================================
-- §1 Components; §2 Shrines
-- =======================================================================

-- §2: a shrine is placed, occupied and scored as a cloister; the attribute
-- tells the two apart (any merge: a cloister never joins another).
attribute "shrine" { merge = "max" }

-- §1 [JCZ]: 6 shrine tiles (JCloisterZone's cult/6, its engine tests'
-- set); the first printing had 5.
local SHRINE_TILES = option "shrine_tiles" {
  values = { 6, 5 }, default = 6,
  doc = "Shrine tiles (§1): 6 (default, JCloisterZone's set cult/6) or 5 (the first printing).",
}
tiles(SHRINE_TILES == 5 and "cult_c1" or "cult")

-- }======================================================================

-- {======================================================================
-- §3 Placement
-- =======================================================================

-- The cloister segment of the tile at x, y, as a feature, or nil; and
-- whether it is a shrine.
local function cloister_at(g, x, y)
  local th = g:tile_at(x, y)
  if not th then return nil end
  for _, f in ipairs(th:features()) do
    if f:kind() == "cloister" then return f, f:attr("shrine") > 0 end
  end
  return nil
end

-- The cloisters (want_shrine false) or shrines (true) in the 8 cells
-- around x, y, as { x, y } cells.
local function around(g, x, y, want_shrine)
  local list = {}
  for dy = -1, 1 do
    for dx = -1, 1 do
      if dx ~= 0 or dy ~= 0 then
        local f, shrine = cloister_at(g, x + dx, y + dy)
        if f and shrine == want_shrine then list[#list + 1] = { x + dx, y + dy } end
      end
    end
  end
  return list
end

-- Which tile types have a cloister that is no shrine, by id (a fact of the
-- rules, the same in every game).
local HAS_CLOISTER = {}
local function has_cloister(g, id)
  local known = HAS_CLOISTER[id]
  if known == nil then
    known = false
    for _, sg in ipairs(g:rules():tile_def(id).segments) do
      if sg.kind == "cloister" and not sg.attrs.shrine then known = true end
    end
    HAS_CLOISTER[id] = known
  end
  return known
end

-- The cells that hold a shrine and those that hold a cloister, by key
-- x * 65536 + y: the vetoes ask them up to 16 times a placement, where
-- the board would cost a tile handle and its features each time.
state { shrine_at = {}, cloister_at = {} }
local function key(x, y) return x * 65536 + y end

on("tile_placed", function(ctx, th)
  local t = th:info()
  for _, f in ipairs(th:features()) do
    if f:kind() == "cloister" then
      local set = f:attr("shrine") > 0 and ctx.state.shrine_at or ctx.state.cloister_at
      set[key(t.x, t.y)] = true
    end
  end
end, { tiles = { "shrine", "cloister" } })

-- The cells of set around x, y.
local function near(set, x, y)
  local list = {}
  for dy = -1, 1 do
    for dx = -1, 1 do
      if (dx ~= 0 or dy ~= 0) and set[key(x + dx, y + dy)] then list[#list + 1] = { x + dx, y + dy } end
    end
  end
  return list
end

-- §3: a shrine (is_shrine) or cloister laid at x, y may neighbour one
-- building of the other sort at most, and that one may not already
-- neighbour another of this sort [FAQ]: shrines and cloisters pair one to
-- one.
local function refused(st, x, y, is_shrine)
  local mine, theirs = st.cloister_at, st.shrine_at
  if is_shrine then mine, theirs = st.shrine_at, st.cloister_at end
  local others = near(theirs, x, y)
  if #others > 1 then
    return is_shrine and "a shrine next to two cloisters" or "a cloister next to two shrines"
  end
  if #others == 1 and #near(mine, others[1][1], others[1][2]) > 0 then
    return is_shrine and "that cloister already has a shrine" or "that shrine already has a cloister"
  end
  return nil
end

allow("tile_placement", function(ctx, move)
  local why = refused(ctx.state, move.x, move.y, true)
  if why then return false, why end
end, { tiles = { "shrine" } })

allow("tile_placement", function(ctx, move)
  if not has_cloister(ctx.game, move.tile) then return end
  local why = refused(ctx.state, move.x, move.y, false)
  if why then return false, why end
end, { tiles = { "cloister" } })

-- }======================================================================

-- {======================================================================
-- §4 The challenge
-- =======================================================================

-- §4: an occupied shrine or cloister completed during play wins the
-- challenge against the occupied building of the other sort next to it:
-- that one's followers go home, unscored. Completed in the same turn, both
-- score (each is then closed) [FAQ]. At the end, both score as usual.
on("feature_scored", function(ctx, f, args)
  if args.when ~= "closed" or f:kind() ~= "cloister" or #f:figures() == 0 then return end
  local t = f:spot().tile:info()
  local is_shrine = f:attr("shrine") > 0
  for _, c in ipairs(around(ctx.game, t.x, t.y, not is_shrine)) do
    local other = cloister_at(ctx.game, c[1], c[2])
    if not other:closed() then
      for _, fig in ipairs(other:figures()) do fig:return_to_supply() end
    end
  end
end)

-- }======================================================================
