-- Siege: The Besiegers (Hans im Glueck, C1 2013), The Cathars (Spielbox
-- 2004) and Siege (RGG 2008, in Cult, Siege & Creativity): besieged
-- cities, an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/siege.md):
--   §1 Components and setup; §2 Besieged cities; §3 Scoring them; §4
--   Farms; §5 Escape; §6 Interactions; §7 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with siege
--   meeple play --with siege --option siege_tiles=cathars --option siege_escape=city
--
-- What runs where. A besieged city is a city segment with the attribute
-- besieged (merge max: a city holding one such tile is besieged), so
-- placing, joining, completing it is the base game's data, evaluated in C.
-- Hooks on the public API (issue #41: "first as hooks") do the rest:
--   a besieged city scores 1 less a tile   transform("feature_points"),
--     and a pennant; nothing at the end       narrowed in C to cities with
--                                             the besieged attribute
--   a farm counts a completed besieged     transform("feature_points"),
--     city twice (§4)                         narrowed in C to fields (the
--                                             final scoring's farms only)
--   the pig's and the barn's share of     the same transform (ctx:score for
--     the double count (§6)                   a leader with a pig), and
--                                             on("final_scoring") for barns
--   escape through a cloister (§5)         phase "escape": collect + action,
--                                             a Lua call a turn part; it reads
--                                             a short list of ways out
--   the ways out (besieged tiles with a    on("tile_placed"), scoped to the
--     cloister around them)                   tiles tagged besieged or with a
--                                             cloister (a kind filter, in C)
-- Cost: about 0.074x base (README speed table, siege.md §9), half of it
-- the collect call every turn part. No capability yet; the next step is a
-- general one in C (a recall narrowed to features whose attribute is set
-- and that have a tile of a given kind around them), so that no turn calls
-- Lua.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "siege" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the besieged tiles are shuffled into the base tiles. The Besiegers'
-- 6 (HiG's current set, JCloisterZone's siege/besiegers) or the 4 of The
-- Cathars / Siege (JCZ siege/cathars).
local TILES = option "siege_tiles" {
  values = { "besiegers", "cathars" }, default = "besiegers",
  doc = "Which besieged tiles (§1): besiegers (The Besiegers, 6 tiles, default) or "
     .. "cathars (The Cathars / RGG's Siege, 4 tiles).",
}
tiles(TILES == "cathars" and "siege_cathars" or "siege")

-- §2: the besiegers printed on a city; max: a city is besieged once,
-- however many besieged tiles it holds (they do not add up, §3).
attribute "besieged" { merge = "max" }

-- §5 edition note: HiG's rules (The Cathars, The Besiegers) want the
-- cloister next to a besieged tile; RGG's Siege next to any tile of the
-- besieged city. JCloisterZone has both ("espace-variant").
local ESCAPE = option "siege_escape" {
  values = { "tile", "city", "off" }, default = "tile",
  doc = "Escape through a cloister (§5): tile (HiG, default: the cloister touches a "
     .. "besieged tile, diagonally too), city (RGG's Siege: any tile of the besieged "
     .. "city) or off (no escape).",
}

-- }======================================================================

-- {======================================================================
-- §3 Scoring a besieged city
-- =======================================================================

-- §3: completed, each tile and each pennant is worth 1 less (2 -> 1; with
-- an I&C cathedral 3 -> 2; never below 0) [FAQ: the pennants too];
-- incomplete at the end, nothing. Applied after the city's own formula
-- and the base game's tiny-city option (JCZ besieged-tiny-city.jcz: a
-- besieged 2-tile city under tiny_city = 2 scores 0).
transform("feature_points", function(ctx, f, points, args)
  if args.when ~= "closed" then return 0 end
  local less = points - f:tiles() - f:attr("pennant")
  return less > 0 and less or 0
end, { kinds = { "city" }, attrs = { "besieged" } })

-- }======================================================================

-- {======================================================================
-- §4 Farms
-- =======================================================================

-- The completed besieged cities a field touches.
local function besieged_around(f)
  local n = 0
  for _, c in ipairs(f:adjacent()) do
    if c:kind() == "city" and c:attr("besieged") > 0 and c:closed() then n = n + 1 end
  end
  return n
end

-- §4: the farmers feed besiegers and besieged alike: a completed besieged
-- city counts twice for the farm, 6 instead of 3 (the base game's 3 a
-- city again). §6 T&B: with a pig 8; the pig's point is per leader, so
-- a leader with a pig there is paid the second one here.
transform("feature_points", function(ctx, f, points, args)
  local n = besieged_around(f)
  if n == 0 then return nil end
  if args.leaders then
    for _, p in ipairs(args.leaders) do
      for _, fig in ipairs(f:figures()) do
        local info = fig:info()
        if info.kind == "pig" and info.owner == p then ctx:score(p, n, "field", f) break end
      end
    end
  end
  return points + 3 * n
end, { kinds = { "field" } })

-- §6 A&M: a barn's farm counts a completed besieged city twice as well:
-- 4 more each for the barn's owner at the end.
local has_barn
on("final_scoring", function(ctx)
  local g = ctx.game
  if has_barn == nil then
    has_barn = false
    for _, name in ipairs(g:rules():names("figure")) do
      if name == "barn" then has_barn = true end
    end
  end
  if not has_barn then return end
  for _, fig in ipairs(g:placed_figures("barn")) do
    local info = fig:info()
    local f = info.at and info.at.feature
    if not f and info.tile and info.segment then f = info.tile:feature(info.segment) end
    if f then
      local n = besieged_around(f)
      if n > 0 then ctx:score(info.owner, 4 * n, "barn", f) end
    end
  end
end)

-- }======================================================================

-- {======================================================================
-- §5 Escape
-- =======================================================================

-- The followers a besieged city may hold [FAQ: mayors and wagons escape
-- too, any follower in a city being a knight].
local KNIGHT = { meeple = true, big = true, mayor = true, wagon = true }

-- The segments of the tile th whose own value of besieged is set (its
-- besieged cities, not what a join made besieged), and whether it has a
-- cloister segment (an I&C or A&M abbey, a cult shrine count [FAQ]).
-- Read from the tile, not from rules:tile_def (dear, and these run on
-- besieged and cloister tiles alone).
local function besieged_segs(th)
  local list = {}
  for i = 1, th:info().segments do
    if th:segment_attr(i, "besieged") > 0 then list[#list + 1] = i end
  end
  return list
end
local function cloister_on(th)
  for _, f in ipairs(th:features()) do
    if f:kind() == "cloister" then return true end
  end
  return false
end

-- Whether a cloister lies on one of the 8 cells around x, y.
local function cloister_near(g, x, y)
  for dy = -1, 1 do
    for dx = -1, 1 do
      if dx ~= 0 or dy ~= 0 then
        local th = g:tile_at(x + dx, y + dy)
        if th and cloister_on(th) then return true end
      end
    end
  end
  return false
end

-- The ways out, kept as tiles are placed (so that most turns ask nothing
-- of the board): exits, the besieged tiles with a cloister around them;
-- besieged, all besieged tiles; each as { x, y, segment, ... } (its
-- besieged segments), in the order they came. For siege_escape = city a
-- way out depends on the whole city, so the turn looks at the cities of
-- all besieged tiles.
state { exits = {}, besieged = {} }

on("tile_placed", function(ctx, th)
  local g, st = ctx.game, ctx.state
  local x, y = th:xy()
  local segs = besieged_segs(th)
  if #segs > 0 then
    local cell = { x, y, table.unpack(segs) }
    st.besieged[#st.besieged + 1] = cell
    if cloister_near(g, x, y) then st.exits[#st.exits + 1] = cell end
  end
  if not cloister_on(th) then return end
  for _, b in ipairs(st.besieged) do
    if math.abs(b[1] - x) <= 1 and math.abs(b[2] - y) <= 1 then
      local known = false
      for _, e in ipairs(st.exits) do
        if e[1] == b[1] and e[2] == b[2] then known = true end
      end
      if not known then st.exits[#st.exits + 1] = b end
    end
  end
end, { tiles = { "besieged", "cloister" } })

-- §5, RGG: whether a cloister lies next to any tile of the city f.
local function city_exit(g, f)
  for _, node in ipairs(f:nodes()) do
    local x, y = node.tile:xy()
    if cloister_near(g, x, y) then return true end
  end
  return false
end

if ESCAPE ~= "off" then
  action "escape" { args = { "x", "y", "segment" } }
  phase "escape" { after = "after_scoring" }

  -- §5: at the end of the turn (each part of a builder's double turn
  -- [FAQ 3/2015]) the player may take one follower home from a besieged
  -- city with a way out: one move per spot of their followers there,
  -- then pass.
  collect("escape", function(ctx)
    local st = ctx.state
    local cells = ESCAPE == "tile" and st.exits or st.besieged
    if #cells == 0 then return nil end
    local g, me = ctx.game, ctx.player
    local moves, seen = nil, {}
    for _, c in ipairs(cells) do
      local th = g:tile_at(c[1], c[2])
      for k = 3, #c do
        local f = th:feature(c[k])
        if not f:closed() and #f:figures() > 0 then
          local root = f:info().root
          if seen[root] == nil then
            seen[root] = ESCAPE == "tile" or city_exit(g, f)
            if seen[root] then
              for _, fig in ipairs(f:figures()) do
                local info = fig:info()
                if info.owner == me and KNIGHT[info.kind] and info.segment then
                  local x, y = info.tile:xy()
                  local spot = x .. "," .. y .. "," .. info.segment
                  if not seen[spot] then
                    seen[spot] = true
                    moves = moves or {}
                    moves[#moves + 1] = { type = "action", action = "escape",
                                          args = { x = x, y = y, segment = info.segment } }
                  end
                end
              end
            end
          end
        end
      end
    end
    if moves then moves[#moves + 1] = { type = "pass" } end
    return moves
  end)

  -- The first of the player's followers on that spot goes home, unscored;
  -- one escape a turn part [FAQ], so the phase ends.
  on("action", function(ctx, move)
    if move.action ~= "escape" then return end
    local a, me = move.args, ctx.player
    local th = ctx.game:tile_at(a.x, a.y)
    for _, fig in ipairs(th:feature(a.segment):figures()) do
      local info = fig:info()
      if info.owner == me and KNIGHT[info.kind] and info.tile == th and info.segment == a.segment then
        fig:return_to_supply()
        return
      end
    end
  end)
end

-- }======================================================================
