-- House rule: farmers score 4 points per completed city, not 3.
--
-- Where from: scripts/base.lua §4.3 notes that the 1st-edition
-- rules paid 4 per city to the farmer majority, and Abbey & Mayor's barn
-- (abbey-mayor.md §4.2) and Traders & Builders' pig (traders-builders.md
-- §3.2) both lift a field to 4 per city. This house rule makes 4 the
-- standard for every field, keeping the 3rd-edition "each city once per
-- field" counting.
--
-- Data only: a later `score "field"` replaces the game's, so the engine
-- still scores fields in C and no Lua runs during play.
--
-- Run:  meeple play --rules examples/house-rules/farmers_4.lua
--       meeple sim --games 1000 --rules examples/house-rules/farmers_4.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
score "field" {
  -- at the end, 4 per completed city bordering the field, each city once
  final = { per_adjacent_closed = { city = 4 } },
  keep_figures = true,          -- farmers still stay on the board for good
}
