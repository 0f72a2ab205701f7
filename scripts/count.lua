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
-- (§2) is the base game's data, evaluated in C. The quarters and the
-- count (§3) are not played yet (count.md §3 says what is left).
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
