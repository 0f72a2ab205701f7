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
--   the escape through a cloister (§5)     recall "escape" (capability, in
--                                             C: where = besieged, near =
--                                             cloister; no Lua call a turn)
-- Hooks on the public API (issue #41: "first as hooks") do what runs only
-- when a besieged city closes and once at the end:
--   a besieged city scores 1 less a tile   transform("feature_points"),
--     and a pennant; nothing at the end       narrowed in C to cities with
--                                             the besieged attribute
--   a farm counts a completed besieged     bonus "field": the field's own
--     city twice (§4), the pig's share (§6)   formula gets touching_closed
--                                             terms (data, in C, no hook)
--   the barn's share of the double count    on("final_scoring"): one call a
--     (§6)                                    game
-- The escape was a collect hook every turn part plus a tile_placed hook
-- per besieged or cloister tile, the farms a transform per field (0.078x
-- base); as the recall narrowed to features with an attribute and a kind
-- around, and the farms' terms as data, no turn calls Lua (README speed
-- table, siege.md §9).
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
-- city again), for every leader of the farm. §6 T&B: with a pig 8, the
-- pig's point again for a leader with a pig there (nothing without T&B).
-- Terms of the field's own final formula, evaluated in C: besieged is 1
-- on a besieged city (merge max).
bonus "field" { final = { touching_closed = { city = { besieged = 3 } } } }
bonus "field" { final = { touching_closed = { city = { besieged = 1 } } }, only_with = "pig" }

-- §6 A&M: a barn's farm counts a completed besieged city twice as well:
-- 4 more each for the barn's owner at the end.
-- (Asked once a game, not kept in an upvalue: meeple check flags state
-- carried from one game to the next.)
on("final_scoring", function(ctx)
  local g = ctx.game
  local has_barn = false
  for _, name in ipairs(g:rules():names("figure")) do
    if name == "barn" then has_barn = true end
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
-- too, any follower in a city being a knight]; those of expansions not
-- loaded are left out.
local KNIGHTS = { "meeple", "big", "mayor", "wagon" }

-- §5: at the end of the turn (each part of a builder's double turn
-- [FAQ 3/2015]) the player may take one follower home, unscored, from an
-- open besieged city with a way out: a cloister (an I&C or A&M abbey, a
-- cult shrine count [FAQ]) on one of the 8 cells around a besieged tile
-- of the city (HiG), or around any of its tiles (RGG's Siege). One move
-- per spot of their followers there (names = "spot": the player picks
-- which follower), then pass; one escape a turn part [FAQ], so the phase
-- ends. The recall capability lists and plays it in C.
if ESCAPE ~= "off" then
  action "escape" { args = { "x", "y", "segment" } }
  phase "escape" { after = "after_scoring" }
  recall "escape" {
    phase = "escape", figures = KNIGHTS, on = { "city" },
    where = "besieged", near = { "cloister" },
    near_of = ESCAPE == "tile" and "where" or "feature", names = "spot",
  }
end

-- }======================================================================
