-- House rule: a pennant is a cathedral (in the spirit of Inns &
-- Cathedrals): a completed city with a pennant scores 3 per tile and 3
-- per pennant; left unfinished at the end it scores nothing. Cities
-- without a pennant score as in the base game (base.md §4.1, §4.2).
--
-- Data only, no hook: `only_if` adds terms that count only when the
-- city's merged attribute is not 0, and `zero_if` makes the whole
-- formula 0 when it is; the engine evaluates both in C.
--
-- Run:  meeple play --rules examples/house-rules/cathedral_pennants.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
score "city" {
  closed = { per_tile = 2, pennant = 2, only_if = { pennant = { per_tile = 1, pennant = 1 } } },
  final  = { per_tile = 1, pennant = 1, zero_if = "pennant" },
}
