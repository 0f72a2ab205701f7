-- House rule: no farmers in the opening.
--
-- Where from: a common table rule against "farmer rush" openings; it is
-- written like abbey-mayor.md §6 HR-AM-1 ("a wagon may be deployed on a
-- cloister only if ..."): a placement the base rules allow (base.md §3.2)
-- is vetoed under a condition. For the first `farmer_delay` turns of the
-- game (default 10, counting every player's turn) nobody may put a
-- follower on a field. Roads, cities and cloisters are unaffected.
--
-- An allow hook sees each legal figure placement before a player chooses;
-- returning false removes it from the choice, and the reason after it
-- says why.
--
-- Run:  meeple play --rules examples/house-rules/no_early_farmers.lua
--       meeple play --rules examples/house-rules/no_early_farmers.lua --option farmer_delay=20
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
local delay = option "farmer_delay" {
  default = 10,
  doc = "Turns, from the start of the game, during which no farmer may be placed.",
}

-- move = { type = "deploy", figure = "meeple", at = { feature = <handle> } }
allow("figure_placement", function(ctx, move)
  local feature = move.at.feature
  if ctx.turn <= delay and feature and feature:kind() == "field" then
    -- the reason shows wherever the move is refused (a scenario, an API
    -- error, `meeple play --agents human`)
    return false, ("no farmers before turn %d"):format(delay + 1)
  end
  return true
end)
