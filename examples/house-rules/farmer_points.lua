-- House rule: choose what a completed city is worth to the farmers.
--
-- Where from: scripts/base.lua §4.3. The 3rd edition pays 3 per
-- completed city; the 1st edition (and the A&M barn, the T&B pig) pay 4.
-- Rather than fix one, this script makes it a switch the table agrees on
-- before the game. With farmer_points=3 it is exactly the base game.
--
-- An option is declared once with its allowed values and a default, and
-- read where the rule needs it; the value is fixed before the game starts
-- (and written to the game record), so scoring stays pure data.
--
-- Run:  meeple play --rules examples/house-rules/farmer_points.lua
--       meeple play --rules examples/house-rules/farmer_points.lua --option farmer_points=3
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
local per_city = option "farmer_points" {
  values = { 3, 4 }, default = 4,
  doc = "Points a field's farmer majority gets per completed city: 3 (3rd edition) or 4 (1st edition).",
}

score "field" {
  final = { per_adjacent_closed = { city = per_city } },
  keep_figures = true,
}
