-- House rule: the builder's fee. Whoever lays the tile that completes a
-- city earns 2 points, even without a knight in it.
--
-- Where from: a variant of traders-builders.md's builder (§3.1), which
-- rewards extending your own city; here completing anyone's city pays a
-- small fee, so closing an opponent's city is no longer a pure gift.
-- Base scoring (base.md §4.1) is unchanged.
--
-- A notify hook: it runs after a feature has been scored and pays the
-- bonus through ctx:score, so the points are journaled (reason "bonus")
-- and replayable like every other score.
--
-- Run:  meeple play --rules examples/house-rules/city_builder_bonus.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
local FEE = 2

on("feature_scored", function(ctx, feature, args)
  -- args.when is "closed" during play and "final" at the end
  if feature:kind() == "city" and args.when == "closed" then
    ctx:score(ctx.player, FEE, "bonus", feature)
  end
end)
