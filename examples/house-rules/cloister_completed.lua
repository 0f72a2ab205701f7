-- House rule: a cloister pays for its neighbours only when it is completed.
--
-- Where from: a common table rule (not in the rules the scripts cite; it changes
-- scripts/base.lua §4.2, "incomplete cloister: 1 + 1 per neighbouring tile").
-- A completed cloister still scores 9 (§4.1). One left unfinished at the
-- end of the game is worth a single point, so a monk placed late is a
-- gamble rather than a safe 5 or 6.
--
-- Data only: re-declaring `score "cloister"` replaces the game's formula.
--
-- Run:  meeple play --rules examples/house-rules/cloister_completed.lua
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
score "cloister" {
  closed = { per_block_tile = 1 },   -- 9: the cloister and its 8 neighbours
  final  = { points = 1 },           -- unfinished: 1, however many neighbours
}
