-- Abbey & Mayor (1st edition, C1, HiG 2007), an expansion of the base game.
-- The rules, in sections cited as §n below:
--   §1 Components and setup; §1.1 Tile notes; §2 Turn structure;
--   §3 Placement legality; §3.1 Abbey; §3.2 Mayor; §3.3 Wagon; §3.4 Barn;
--   §4 Scoring; §4.1 Completed features; §4.2 Barn placement scoring;
--   §4.3 Field connection to a barn field; §4.4 Final scoring;
--   §5 Interactions with the other in-scope systems; §6 House rules;
--   §7 Worked examples; §8 What the sources do NOT give.
-- Everything these rules leave to the base game (tile placement, follower
-- placement, completed-feature and final scoring, field majorities) is
-- base.lua's; this script only adds to it.
--
--   meeple play --with abbey_mayor
--   meeple play --with traders_builders,abbey_mayor
--
-- What runs where (all in C unless said):
--   mayor, wagon placement and strength       figure declarations
--   abbey: wildcard sides, cloister scoring   kind + tiles
--   abbey from hand, end-of-game abbeys       hand_tile
--   barn placement on a 4-tile field corner   figure "barn" { corner = true }
--   wagon moves after scoring                 figure "wagon" { relocate = ... }
--                                             + the tiles' touches (gates, junctions)
--   barn final scoring                        score_figure "barn" (per = "owner"
--                                               with barn_final = per_player)
--   barn scoring when barn and farmers meet   score_meeting "barn"
-- With the default options a game makes no Lua call at all.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "abbey_mayor" { requires = { "base" } }

local ABBEY = "am.abbey"

-- {======================================================================
-- Options (edition notes, ambiguities, §8)
-- =======================================================================

-- §3.1 [official: edition note]: the Big Box 2 end round (abbeys after the
-- last tile) is the default; off = the earlier FAQ (no abbey after it).
local END_ROUND = option "abbey_end_round" {
  values = { true, false }, default = true,
  doc = "After the last tile, players still holding an abbey may place it, in turn "
     .. "order from the left of the last player (§3.1, Big Box 2; default on).",
}

-- §4.1 ambiguity: the mayor's strength in an incomplete city at the end.
local MAYOR_FINAL = option "mayor_final" {
  values = { "pennants", "zero" }, default = "pennants",
  doc = "Mayor strength in incomplete cities at final scoring (§4.1): the city's "
     .. "pennants (reading A, default) or 0 (reading B).",
}

-- §3.3: the wagon's move. C1 is these rules' reading; C2 ("8 neighbours", as
-- JCloisterZone's wagon-move option describes it; not in these rules, §8).
local WAGON_MOVE = option "wagon_move" {
  values = { "C1", "C2" }, default = "C1",
  doc = "Wagon move after scoring (§3.3): C1 = to a directly connected feature "
     .. "(default); C2 = to a feature on its tile or the 8 tiles around it.",
}

-- §3.4 [official: edition note]: RGG omits "not into a field that already
-- has a barn". official = one barn per field when placing (default).
local BARN_PLACEMENT = option "barn_placement" {
  values = { "official", "rgg" }, default = "official",
  doc = "Barn placement (§3.4): official = not into a field that already has a "
     .. "barn (default); rgg = the RGG wording without that sentence.",
}

-- §4.4 [official] against JCloisterZone: a field holding several barns of
-- one player (two barn fields joined; only with more than the one barn
-- the game ships, figures = { barn = 2 }). The digest (abbey-mayor.md
-- §4.4: "the owner of each barn" scores) pays every barn; JCloisterZone
-- scores the field once per player (its engine test multiple-barns.jcz).
local BARN_FINAL = option "barn_final" {
  values = { "per_barn", "per_player" }, default = "per_barn",
  doc = "Final barn scoring when one player has several barns in a field (§4.4): per_barn "
     .. "= each barn scores (the rules' reading, default); per_player = each player once "
     .. "(JCloisterZone).",
}

-- }======================================================================

-- {======================================================================
-- §1 Components; §3.1 the abbey tile
-- =======================================================================

-- §1: 12 land tiles shuffled into the base tiles.
tiles "abbey_mayor"

-- §3.1: the abbey's sides fit any edge, close whatever they touch (roads
-- end, cities close on that side, fields are bounded) and join nothing.
-- Its inner segment is a base cloister (§4.1, §4.4: scored as one).
kind "abbey_side" { closes = "never", wildcard = true }

-- §1 setup 2: one abbey per player, kept in front of them: the tiles sit
-- in a stack of their own that is never drawn from, and an "abbey" token
-- figure in each supply says who still holds one. When the abbey is
-- placed the token goes onto the abbey tile (its owner placed it).
stack "abbey" {}
tiles "abbey_mayor_abbey" { stack = "abbey" }
figure "abbey" { per_player = 1 }

reason "barn"

-- }======================================================================

-- {======================================================================
-- §3.2, §3.3, §3.4 The new figures
-- =======================================================================

-- §3.2: instead of a follower, only in a city, only where no follower
-- (knight, wagon or other mayor) is. §4.1: its strength is the city's
-- pennant count when scored; with 0 it occupies the city and scores
-- nothing (the engine's majority needs a total above 0). The city's
-- value is base.lua's formula, unchanged.
figure "mayor" {
  per_player = 1,
  on = { "city" },
  group = "follower",
  blocked_by = { "follower" },
  strength = "pennant",
}

-- §3.3: like a follower on a road, city or cloister (the abbey included,
-- [FAQ 05/2013]), never a field, where no other follower is; strength 1.
-- It stays on its feature when that is scored during play; then (§2.3 d)
-- its owner returns it or moves it, onto any tile, to a feature it
-- reaches (the touches below) that is incomplete and unoccupied. Several
-- wagons: their owners decide in turn order from the active player.
-- Moves: "action wagon OWNER X Y SEGMENT", SEGMENT 0 = back to the supply.
figure "wagon" {
  per_player = 1,
  on = { "road", "city", "cloister" },
  group = "follower",
  blocked_by = { "follower" },
  strength = 1,
  stays = true,
  relocate = {
    to = { "road", "city", "cloister" },
    action = "wagon",
    reach = WAGON_MOVE == "C2" and "around" or "connected",   -- C2: its tile and the 8 around
  },
}

-- §3.4: a special figure, not a follower (strength 0: never counts for a
-- majority; it never lets its owner place a builder or a pig, which need
-- one of the owner's followers there, traders-builders.md §3.2). It keeps
-- followers out of its field ("no farmer may be placed in a field that
-- contains a barn") without being one: `blocks`. Placed instead of a
-- follower on a corner of the tile just placed where four tiles meet, all
-- four being field there (one field); officially not into a field that
-- already has a barn. It stays to the end. (§3.4 [inferred]: an abbey
-- has no field corner.)
figure "barn" {
  per_player = 1,
  on = { "field" },
  corner = true,
  group = "barn",
  blocks = { "follower" },
  blocked_by = BARN_PLACEMENT == "official" and { "barn" } or nil,
  strength = 0,
  stays = true,
}

-- }======================================================================

-- {======================================================================
-- §2.1, §3.1 The abbey: from hand instead of drawing, only into a hole
-- =======================================================================

-- §2.1: instead of drawing, into a hole (a cell whose four sides all
-- touch tiles); the token then lies on the abbey. §2 end of game, §3.1:
-- once the last tile is placed, each player still holding an abbey, in
-- turn order from the left of the last player, may place it while a hole
-- is left (declining gives it up); the others' turns pass by themselves.
-- No hole can appear any more, so without one the game ends at once. A
-- builder's second part earned by the last tile is still played when its
-- player can place the abbey (§3.1 [FAQ]): the engine grants it.
hand_tile(ABBEY) {
  token = "abbey",
  end_round = END_ROUND,
  decline = "abbey_decline",
}

-- }======================================================================

-- {======================================================================
-- §2.3 (b), (c), §4.2, §4.3 Barn scoring during the scoring phase
-- =======================================================================

-- A field never holds farmers and a barn after a scoring phase (§4.4
-- [inferred]), so one that does was just made so: by a barn placed on the
-- tile just placed (b: 3 per completed city, as at the end) or by the
-- tile joining a farmer field to a barn field (c: 1 per completed city).
-- Either way the farmer majority (meeples; pigs and barns count 0) scores,
-- a leader with their pig there (Traders & Builders) gets 1 more per
-- city, and the farmers and pigs go home; the barn stays. Several farmer
-- fields joined at once are one field by then: one majority (§4.3
-- [inferred]).
score_meeting "barn" {
  placed = { per_adjacent_closed = { city = 3 } },
  joined = { per_adjacent_closed = { city = 1 } },
  bonus = { pig = { per_adjacent_closed = { city = 1 } } },
  reason = "field",
}

-- §4.4: each barn scores 4 per completed city bordering its field, whoever
-- else has a barn there (not a majority); with barn_final = per_player a
-- player's barns there score once. Pigs add nothing.
score_figure "barn" { final = { per_adjacent_closed = { city = 4 } }, reason = "barn",
                      per = BARN_FINAL == "per_player" and "owner" or "figure" }

-- }======================================================================

-- {======================================================================
-- §3.3 The wagon's move after its feature is scored
-- =======================================================================

-- The wagon's reach (C1, §3.3 [FAQ], AM-EX-05..13): a road entering a city
-- through a gate, roads meeting at a junction, a road ending at a
-- cloister, a cloister inside a city, an abbey and the roads and cities at
-- its sides. Never through a field, a junction seen from a city, or city
-- to city. The engine follows segment contacts (`touches`) and passes
-- through the abbey's wildcard sides. Every tile set marks its own gates
-- and junctions in its tile file (tiles/base.tiles: S, T, L, W, X), so
-- this script adds none. No scoring formula counts road/city or road/road
-- contacts, so they add no points.

-- }======================================================================

-- {======================================================================
-- §4.1 ambiguity, reading B (option): mayors count 0 in incomplete cities
-- =======================================================================

-- What each follower counts in that final majority (the mayor: nothing).
-- big is Inns & Cathedrals' large meeple, 2 (inns_cathedrals.md §5); the
-- table handed to majority() names only the kinds standing on the
-- feature, so a kind that no loaded script declares is never asked for.
local FINAL_STRENGTH = { meeple = 1, wagon = 1, big = 2 }

if MAYOR_FINAL == "zero" then
  transform("feature_points", function(ctx, feature, points, args)
    if args.when == "final" then
      local strengths = {}
      for _, fig in ipairs(feature:figures()) do
        local kind = fig:info().kind
        strengths[kind] = FINAL_STRENGTH[kind]
      end
      local strength, leaders = ctx.game:majority(feature, strengths)
      return points, strength > 0 and leaders or {}
    end
  end, { kinds = { "city" } })
end

-- }======================================================================
