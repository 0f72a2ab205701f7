-- The Watchtowers (Die Wachtürme, HiG 2016, C2), an expansion of the base
-- game. The rules, in sections cited as §n below
-- (docs/rules/watchtowers.md): §1 Components and setup; §2 Placing;
-- §3 Scoring a watchtower; §4 Interactions; §5 Worked examples.
-- Everything else is the base game's (base.lua).
--
--   meeple play --with watchtowers
--
-- Not the fan design of examples/fan-watchtowers (lines of sight, a
-- siting rule): this is the published mini expansion, as JCloisterZone
-- plays it too.
--
-- The tower is no segment (no figure can stand on it, §2): the tile's
-- city and road segments carry one attribute naming what the tower
-- counts (watch_meeple, watch_pennant, watch_road, watch_cloister,
-- watch_city; its value: the points each counted thing is worth), so a
-- completed feature knows in C whether it holds a tower tile.
--
-- What runs where. First written as hooks (issue #41: "first as
-- hooks"): one transform("feature_points") narrowed in C by the watch_*
-- attributes and kinds, reading the square's tiles in Lua: 419k
-- instructions a game, 361k with its tile facts in a memo, against
-- base's 193k (games of 83 turns against 72): 0.53x by callgrind, but
-- 0.32-0.43x in `meeple bench` (the issue's measure). So the tower is now
-- the general capability `square_count` (engine/src/flow/caps/scoring/
-- cap_square_count.c, docs/lua-api.md), declared below, in C:
--   a completed city or road pays each        square_count "watch_*": one
--   follower on a tower tile's segment what     per subject (figures, an
--   the tower counts in its 3x3 square (§3)     attribute summed, tiles
--                                               with a kind, segments)
-- No Lua call during play: 238k instructions a game (watchtowers.md §6).
-- The tower's points are written to the ledger just after the feature's
-- own (the rules' "the tower first" changes no total); the square's
-- figures are those standing when the feature closed, as before.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
expansion "watchtowers" { requires = { "base" } }

-- {======================================================================
-- §1 Components and setup
-- =======================================================================

-- §1: 12 land tiles, shuffled into the base tiles.
tiles "watchtowers"

-- §3: what a tower counts, and the points for each (the segment's value).
for _, name in ipairs({ "watch_meeple", "watch_pennant", "watch_road", "watch_cloister", "watch_city" }) do
  attribute(name) { merge = "sum" }
end
reason "watchtower"

-- }======================================================================

-- {======================================================================
-- §3 Scoring a watchtower
-- =======================================================================

-- §3: the figures that are "meeples" here: every follower, of any
-- expansion loaded (not a builder, pig, barn, shepherd or neutral figure;
-- kinds no loaded script declares are left out).
local FOLLOWERS = { "meeple", "big", "mayor", "wagon", "abbot", "lying_abbot" }

-- §3: a completed city or road pays each follower standing on it on a
-- tower tile (a segment carrying the tower's attribute) the tower's
-- points for every thing it counts in the 3x3 square around the tower,
-- to that follower's owner. Farmers and incomplete features at the end
-- score no tower. §4 (Bridges, Castles and Bazaars): a castle is no city
-- [JCZ] (`unless`, left out when no castle is declared).
local function tower(subject, counts)
  counts.kinds, counts.scorers, counts.reason = { "city", "road" }, FOLLOWERS, "watchtower"
  square_count(subject)(counts)
end
tower("watch_meeple", { figures = FOLLOWERS })     -- each follower, anyone's
tower("watch_pennant", { of_attr = "pennant" })    -- each coat of arms
tower("watch_road", { tiles = "road" })            -- each tile with a road
tower("watch_cloister", { segments = "cloister" }) -- each monastery
tower("watch_city", { tiles = "city", unless = "castle" }) -- each tile with a city

-- }======================================================================
