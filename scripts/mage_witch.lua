-- Mage & Witch (Hans im Glueck, C1 2012, Mini #5; C2 2017 in Big Box 6),
-- an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/mage_witch.md):
--   §1 Components and setup; §2 Placing or moving a magic figure; §3 The
--   two may not meet; §4 Scoring; §5 Interactions; §6 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with mage_witch
--
-- What runs where. The mage and the witch are neutral figures (one each,
-- owner 0) on roads and cities.
--   place or move one after a magic tile      move_anywhere "magic", a
--     (§2), and one of them when a tile joins   capability in C (general: any
--     their features (§3)                       neutral figures put or moved
--                                               onto any open feature of some
--                                               kinds, never two on one)
--   the mage's 1 a tile, the witch's half    transform("feature_points"),
--     (§4)                                      narrowed in C to features whose
--                                               attribute mage or witch is set
-- Why a capability: as hooks on the public API (issue #41: "first as
-- hooks") the magic phase's collect listed every open road and city for
-- each figure, a move each, checked: 9.49M instructions a game, 0.019x
-- base (mage_witch.md §8). In C the phase lists them without a Lua call
-- and costs nothing on the other turns.
-- Where a magic figure stands is also a summed segment attribute (mage,
-- witch: 1 on the segment it stands on, the capability's marks), so the
-- engine itself tells which scored features hold one: the transform is
-- not called for any other feature. The figure is what the board shows
-- and what the rules check; the attribute only narrows the call.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "mage_witch" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: the 8 magic tiles are shuffled into the base tiles.
tiles "mage_witch"

-- §1: one mage, one witch, beside the board until a magic tile brings
-- them in; never deployed by a player (on = {}: no deploy move names
-- them), moved by §2's action alone.
figure "mage"  { neutral = 1, on = {}, strength = 0 }
figure "witch" { neutral = 1, on = {}, strength = 0 }

-- Where each stands, as a segment attribute (see the header).
attribute "mage"  { merge = "sum" }
attribute "witch" { merge = "sum" }

-- 1 = mage, 2 = witch: the figure argument of the action.
local NAMES = { "mage", "witch" }

-- }======================================================================

-- {======================================================================
-- §4 Scoring
-- =======================================================================

-- §4: a road or city holding the mage scores 1 more a tile (not a
-- pennant [W]); one holding the witch half, rounded up, after an inn's or
-- cathedral's change [W]. During play and at the end alike. The
-- attribute may outlive the figure (a dragon ate it): the figure decides.
transform("feature_points", function(ctx, f, points)
  for _, fig in ipairs(f:figures()) do
    local kind = fig:info().kind
    if kind == "mage" then return points + f:tiles() end
    if kind == "witch" then return (points + 1) // 2 end
  end
  return nil
end, { kinds = { "road", "city" }, attrs = { "mage", "witch" } })

-- }======================================================================

-- {======================================================================
-- §2 Placing or moving a magic figure; §3 The two may not meet
-- =======================================================================

action "magic" { args = { "figure", "x", "y", "segment" } }
phase "magic" { after = "place_tile" }

-- §2: after a magic tile, place one of the two or move one of them to
-- another incomplete road or city (never onto the other's); none left:
-- take one off the board (segment 0). §3: a tile (magic or not) that
-- joins their features makes the player move one of them off it, before
-- scoring. No pass: both are musts. The moves: `action magic FIGURE X Y
-- SEGMENT` (1 = mage, 2 = witch; the feature's anchor).
move_anywhere "magic" {
  phase = "magic", figures = NAMES, on = { "road", "city" },
  tiles = { "magic" }, marks = NAMES,
}

-- }======================================================================
