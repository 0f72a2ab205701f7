-- Inns & Cathedrals (C2, HiG 2015; C1 2002 and C3 2021 play the same),
-- an expansion of the base game. The rules, in sections cited as §n below
-- (docs/rules/inns_cathedrals.md):
--   §1 Components and setup; §1.1 Tile notes; §2 Turn structure;
--   §3 Placement legality; §3.1 The large meeple; §4 Scoring;
--   §4.1 Inns; §4.2 Cathedrals; §4.3 The large meeple in majorities;
--   §5 Interactions with the other systems; §6 House rules;
--   §7 Worked examples; §8 What the sources do NOT give.
-- Everything these rules leave to the base game (tile placement, follower
-- placement, field majorities, farmers) is base.lua's; this script only
-- adds to it.
--
--   meeple play --with inns_cathedrals
--   meeple play --with inns_cathedrals,traders_builders,abbey_mayor --players 6
--
-- What runs where: everything is declared as data and evaluated in C, so
-- the expansion makes no Lua call during play and needs no capability of
-- its own (measured: docs/rules/inns_cathedrals.md §9, README speed table).
--   inns, cathedrals on the tiles          attributes "inn", "cathedral" (merge any)
--   2 per tile for a completed inn road    score "road"  closed, only_if inn
--   0 for an unfinished inn road           score "road"  final, zero_if inn
--   3 per tile and pennant, cathedral      score "city"  closed, only_if cathedral
--   0 for an unfinished cathedral city     score "city"  final, zero_if cathedral
--   the large meeple, worth 2 followers    figure "big" { strength = 2 }
--   the 6th player's figures               base.lua's players.max = 6 (§1)
-- No hook, no capability: the formula terms only_if/zero_if and a figure's
-- strength already say all of it (the "Scoring formulas" section of
-- docs/lua-api.md shows these two formulas as its example).
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "inns_cathedrals" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1, §1.1: an inn by a road and a cathedral in a city are printed on
-- the tile, on that road or city segment. One or more of them make the
-- same difference (§4.1, §4.2: "one or more inns", "one or both
-- cathedrals"), so they merge as "any": a feature has one or has none.
-- Bridges, Castles and Bazaars prints inns too: both declare the same
-- attribute, so either loads alone.
attribute "inn"       { merge = "any" }
attribute "cathedral" { merge = "any" }

-- §1 setup: the 18 tiles are shuffled into the base tiles, one stack.
tiles "inns_cathedrals"

-- §1 setup: each player adds the large meeple of their colour to their
-- supply. §3.1: it is placed exactly like a meeple, instead of one, on a
-- road, city, cloister or field of the tile just placed, where no other
-- follower is; §4.3: it counts as two followers when majorities are
-- decided and then scores like any follower (the points are the
-- feature's, not doubled). It returns home after scoring like a meeple;
-- as a farmer it stays to the end (base §4.3).
figure "big" {
  per_player = 1,
  on = { "road", "city", "cloister", "field" },
  group = "follower",
  blocked_by = { "follower" },
  strength = 2,
  shape = "big",
}

-- }======================================================================

-- {======================================================================
-- §4 Scoring: inns and cathedrals
-- =======================================================================

-- §4.1: a completed road with one or more inns scores 2 per tile instead
-- of 1; left unfinished at the end it scores nothing, whoever holds it.
-- §4.2: a completed city with one or both cathedrals scores 3 per tile and
-- 3 per pennant instead of 2; unfinished at the end, nothing.
-- These replace base.lua's road and city formulas whole (a later script
-- refines an earlier one); for features with neither they are base's.
-- base's tiny_city option (a 2-tile city) still applies: no 2-tile city
-- can hold a cathedral, whose tile is city on all four sides.
score "road" {
  closed = { per_tile = 1, only_if = { inn = { per_tile = 1 } } },
  final  = { per_tile = 1, zero_if = "inn" },
}
score "city" {
  closed = { per_tile = 2, pennant = 2, only_if = { cathedral = { per_tile = 1, pennant = 1 } } },
  final  = { per_tile = 1, pennant = 1, zero_if = "cathedral" },
}

-- }======================================================================
