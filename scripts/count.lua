-- The Count of Carcassonne (Hans im Glueck, C1 2003/2004; in Count, King &
-- Robber, 2007/2008), an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/count.md):
--   §1 Components and setup; §2 The City of Carcassonne and farms; §3 The
--   quarters and the count; §4 Interactions; §5 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with count
--
-- What runs where. The City of Carcassonne is 12 start tiles
-- (tiles/count.tiles) whose inner segments join into one city complete
-- from the start, touching every field of the block: the farmers' rule
-- (§2) is the base game's data, evaluated in C. With King & Robber Baron
-- loaded first, one on("final_scoring") hook adds the City to the king's
-- count (§4). The quarters and the count (§3) are not played yet: they
-- need decisions by players other than the active one before a feature
-- is scored, which the public API cannot ask for (count.md §3).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "count" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the 12 City tiles form the start, a block of 4 x 3 tiles (the
-- positions of JCloisterZone's coc-field-scoring.jcz); the base start
-- tile is not used [W].
tiles "count"
local START = { replace = true, replaced = "out" }
for i = 1, 12 do
  START[i] = { tile = "co." .. i, at = { (i - 1) % 4 - 2, (i - 1) // 4 - 1 }, rotation = 0 }
end
start(START)

-- }======================================================================

-- {======================================================================
-- §4 Interactions
-- =======================================================================

-- §2, §4 [FAQ 11/2013]: the City counts as a completed city for the
-- king too: with King & Robber Baron's own scoring (1 a completed city
-- at the end, king_robber_scoring = per_feature), 1 more to the king's
-- holder. Registered only when king_robber is loaded before count (its
-- option is known here), so that count alone calls no Lua at all.
local ok, KR_SCORING = pcall(option, "king_robber_scoring")
if ok and KR_SCORING == "per_feature" then
  on("final_scoring", function(ctx)
    local g = ctx.game
    for p = 1, g:players() do
      if g:counter(p, "king") > 0 then ctx:score(p, 1, "king") end
    end
  end)
end

-- }======================================================================
