-- Heretics and Shrines ("The Cult", HiG 2007 in Count, King & Robber; RGG
-- 2008 in Cult, Siege & Creativity), an expansion of the base game.
-- The rules, in sections cited as §n below (docs/rules/cult.md):
--   §1 Components; §2 Shrines; §3 Placement; §4 The challenge;
--   §5 Interactions; §6 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with cult
--   meeple play --with cult --option shrine_tiles=5
--
-- What runs where. A shrine is a cloister segment with the attribute
-- shrine, so placing, deploying, completing and scoring it is the base
-- game's data, evaluated in C. The rest is one declaration, `pairing`, a
-- capability in C (general: tiles of two sorts paired one to one with a
-- neighbour, their features of a kind contesting):
--   a shrine next to two cloisters, a       pairing: its placements filtered
--     cloister next to two shrines, or to     in C, only on the turns that place
--     one already paired (§3)                 a shrine or a cloister tile
--   the challenge: the first completed      pairing's rival kind: called in C
--     wins, the other's followers go home     for each completed feature
--     (§4)
-- Why a capability: as hooks on the public API (issue #41: "first as
-- hooks") two placement vetoes, asked about every placement of a shrine
-- or cloister tile, a tile_placed hook keeping their cells and a
-- feature_scored hook called for every completed feature cost 8.0M
-- instructions a game, 0.023x base (cult.md §8); now no Lua runs during
-- play. A refused placement reads `vetoed` (no reason text).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "cult" { requires = { "base" } }

-- {======================================================================
-- §1 Components; §2 Shrines
-- =======================================================================

-- §2: a shrine is placed, occupied and scored as a cloister; the attribute
-- tells the two apart (any merge: a cloister never joins another).
attribute "shrine" { merge = "max" }

-- §1 [JCZ]: 6 shrine tiles (JCloisterZone's cult/6, its engine tests'
-- set); the first printing had 5.
local SHRINE_TILES = option "shrine_tiles" {
  values = { 6, 5 }, default = 6,
  doc = "Shrine tiles (§1): 6 (default, JCloisterZone's set cult/6) or 5 (the first printing).",
}
tiles(SHRINE_TILES == 5 and "cult_c1" or "cult")

-- }======================================================================

-- {======================================================================
-- §3 Placement; §4 The challenge
-- =======================================================================

-- §3: a shrine (tag shrine) or cloister (a tile with a cloister segment,
-- not a shrine) laid may neighbour one building of the other sort at
-- most, and that one may not already neighbour another of this sort
-- [FAQ]: shrines and cloisters pair one to one.
-- §4: an occupied shrine or cloister completed during play wins the
-- challenge against the occupied building of the other sort next to it:
-- that one's followers go home, unscored. Completed in the same turn, both
-- score (each is then closed) [FAQ]. At the end, both score as usual.
pairing { a = { "shrine" }, b = { "cloister" }, rival = "cloister" }

-- }======================================================================
