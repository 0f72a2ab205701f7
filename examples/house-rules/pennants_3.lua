-- House rule: a pennant (coat of arms) is worth 3 in a completed city.
--
-- Where from: a table variant of base.md §4.1 ("2 per tile + 2 per
-- pennant"). Pennant tiles become worth fighting for; an unfinished city
-- at the end still pays 1 per pennant (§4.2).
--
-- Data only: `pennant` is the attribute base.lua declares, so it can be
-- used as a scoring term by name.
--
-- Run:  meeple play --rules examples/house-rules/pennants_3.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
score "city" {
  closed = { per_tile = 2, pennant = 3 },
  final  = { per_tile = 1, pennant = 1 },
}
