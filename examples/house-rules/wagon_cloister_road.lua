-- House rule: a wagon may enter a cloister only if a road leads to it.
--
-- Where from: scripts/abbey_mayor.lua §6 HR-AM-1 (dwhitworth): a
-- wagon may be deployed on a cloister only if that tile also shows a road.
-- So no wagon on a cloister alone in its fields (base tile B), and none on
-- an abbey. Meeples may still go there; the wagon may still go on roads,
-- cities, and cloisters with a road (base tile A).
--
-- Needs Abbey & Mayor, loaded before it.
--
-- An allow hook: it sees every legal figure placement and vetoes the ones
-- the rule forbids. (The wagon's *move* after scoring is an Abbey & Mayor
-- action, which allow hooks do not see; the source rule speaks of
-- deploying only.)
--
-- Run:  meeple play --with abbey_mayor --rules examples/house-rules/wagon_cloister_road.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "wagon_cloister_road" { requires = { "abbey_mayor" } }

-- move = { type = "deploy", figure = "wagon", at = { feature = <handle> } }
allow("figure_placement", function(ctx, move)
  local feature = move.at and move.at.feature
  if move.figure ~= "wagon" or not feature or feature:kind() ~= "cloister" then return true end
  -- a cloister is one inner segment on one tile: look at that tile's features
  local tile = feature:nodes()[1].tile
  for _, other in ipairs(tile:features()) do
    if other:kind() == "road" then return true end
  end
  return false
end)
