-- House rule: long roads pay double.
--
-- Where from: in the spirit of the road bonuses of the expansions (the
-- inn of Inns & Cathedrals doubles a road; Hunters & Gatherers doubles a
-- river with a lake, hunters-gatherers.md §4.1) but without new tiles:
-- a road of at least `long_road` tiles (default 5) scores twice its
-- points when it is completed (base.md §4.1: 1 per tile). An unfinished
-- road at the end of the game scores as usual.
--
-- Formulas cannot say "if the road is long", so this is a transform hook:
-- every feature's points pass through it before they are paid out.
--
-- Run:  meeple play --rules examples/house-rules/long_roads.lua
--       meeple play --rules examples/house-rules/long_roads.lua --option long_road=7
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
local min_tiles = option "long_road" {
  values = { 4, 5, 6, 7, 8 }, default = 5,
  doc = "A completed road of at least this many tiles scores double.",
}

-- feature: the road's handle (feature:closed(), feature:info().tiles, ...);
-- points: what the game's formula (and any earlier hook) made of it.
-- Return the new value. `kinds` keeps the hook off every other feature.
transform("feature_points", function(ctx, feature, points)
  if feature:closed() and feature:info().tiles >= min_tiles then
    return points * 2
  end
  return points
end, { kinds = { "road" } })
