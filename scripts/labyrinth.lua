-- The Labyrinth (Spiel Doch! magazine 1/2016; Hans im Glueck's advanced
-- variant), a mini expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/labyrinth.md):
--   §1 Components and setup; §2 The basic rules; §3 The advanced variant;
--   §4 Interactions; §5 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with labyrinth
--   meeple play --with labyrinth --option labyrinth_variant=advanced
--
-- What runs where (issue #41: "first as hooks"):
--   the labyrinth joins its four roads    tile data: one road segment over
--   into one road (§2)                      four sides; base's road rules
--   the advanced variant's placement on   capability split_occupancy (C,
--   an arm of an occupied labyrinth road    no hook): the labyrinth segment
--   (§3.1)                                  splits its road into parts, each
--                                           claimed on its own
--   2 points a follower on a completed    transform("feature_points")
--   labyrinth road (§3.2)                   narrowed to the labyrinth
--                                           attribute: no call for others
-- Cost: the basic rules (the default) are data only: no Lua call during
-- play, about 0.97x base games/s. The advanced variant first placed on
-- an arm with a collector called once a turn (to see whether the tile
-- just placed extends an occupied labyrinth road) and a walk of the arm
-- in Lua: 0.175x base (callgrind), below the issue's 0.5x. The arms are
-- now a general capability, split_occupancy (docs/lua-api.md): the only
-- Lua left is the transform, once per scored labyrinth road (README
-- speed table, labyrinth.md §7).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "labyrinth" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the labyrinth tile is shuffled in with the land tiles.
tiles "labyrinth"

-- The labyrinth's road segment (tiles/labyrinth.tiles): a road holding
-- it is a labyrinth road.
attribute "labyrinth" { merge = "any" }

-- §3: Spiel Doch!'s rules (basic, default) or HiG's advanced variant
-- (JCloisterZone's rule "labyrinth-variant").
local VARIANT = option "labyrinth_variant" {
  values = { "basic", "advanced" }, default = "basic",
  doc = "The Labyrinth's rules (§2, §3): basic (Spiel Doch!, default): a road like any "
     .. "other; advanced (HiG): a follower may go on a free arm of an occupied labyrinth "
     .. "road, and its majority scores 2 more a follower on it when it is completed.",
}

-- }======================================================================

if VARIANT == "advanced" then

-- {======================================================================
-- §3.1 The advanced variant: placing on an arm
-- =======================================================================

  -- The labyrinth's own segment splits its road into arms (any merge:
  -- a road holding it is a labyrinth road): a meeple already on one arm
  -- keeps another off that arm, not off the others, and one may stand on
  -- the labyrinth itself while the road is taken [inferred]. After a tile
  -- extending an occupied labyrinth road, "action labyrinth X Y SEGMENT 0"
  -- puts a meeple on a free arm (or the labyrinth) of that tile, where
  -- the engine, judging the whole road, offers no deploy. Whose figures
  -- keep an arm: those the meeple is blocked_by (base's followers: a
  -- meeple, a big meeple, a wagon; a builder or a pig is none).
  split_occupancy "labyrinth" { figure = "meeple", attr = "labyrinth" }

  -- Followers: the figures counted as meeples on a road (§3.2: "each
  -- meeple"); a builder or a pig is none [inferred].
  local FOLLOWER = { meeple = true, big = true, wagon = true }

-- }======================================================================

-- {======================================================================
-- §3.2 The advanced variant: scoring
-- =======================================================================

  -- §3.2: a completed labyrinth road gives its majority 1 a tile (base)
  -- and 2 a follower on it, whoever's; each leader gets it all. Left
  -- incomplete at the end: base's 1 a tile only [inferred].
  transform("feature_points", function(ctx, f, points)
    if not f:closed() then return nil end
    local n = 0
    for _, fig in ipairs(f:figures()) do
      if FOLLOWER[fig:info().kind] then n = n + 1 end
    end
    return points + 2 * n
  end, { kinds = { "road" }, attrs = { "labyrinth" } })

-- }======================================================================

end
