-- Carcassonne, the base game.
-- 3rd-edition-era standard rules.
-- The rules, in sections cited as §n below:
--   §1 Components and setup; §1.1 Tile types; §2 Turn structure;
--   §3 Placement legality; §3.1 Tiles; §3.2 Followers; §4 Scoring;
--   §4.1 During the game; §4.2 End of game; §4.3 Fields; §4.4 Score track;
--   §5 Interactions; §6 Worked examples; §7 Gaps.
--
-- Everything here is declared as data, evaluated by the engine in C; the
-- base game runs without a single Lua call per turn. The one hook below is
-- only registered when the tiny_city option asks for it.
api "2"   -- the script API this is written for (docs/lua-api.md, Script API version)
game "base" {
  title = "Carcassonne",
  players = { min = 2, max = 6, default = 2 },
}

-- §3.2: the four things a follower can stand on. Roads and cities are
-- complete when no edge is left open, a cloister when its eight
-- neighbours are there; fields never are.
kind "road"     { closes = "ports" }
kind "city"     { closes = "ports" }
kind "cloister" { closes = "surrounded" }
kind "field"    { closes = "never" }

-- §1.1: coats of arms add up as cities join.
attribute "pennant" { merge = "sum" }

-- The Abbot (C2 2014, docs/rules/abbot.md), an option of the base game:
-- gardens on 8 of the 72 tiles, one abbot each. Off, nothing below changes.
local ABBOT = option "abbot" {
  default = false,
  doc = "The Abbot (C2): 8 tiles show a garden, scored like a cloister; each player "
     .. "has an abbot for cloisters and gardens, which may come back early, scoring.",
}
if ABBOT then kind "garden" { closes = "surrounded", colour = "#5f9e3a", shape = "pond" } end

-- §1: 72 tiles; the start tile (tagged `start`) lies face up at 0,0 and
-- the other 71 are shuffled into the draw stack.
tiles(ABBOT and "base_gardens" or "base")
start { tag = "start", at = { 0, 0 }, rotation = 0 }
stack "main" { draw = true }

-- §1, §3.2: seven followers each; one per feature, however far away.
-- Their role (thief, knight, monk, farmer) is the feature they stand on.
figure "meeple" {
  per_player = 7,
  on = { "road", "city", "cloister", "field" },
  group = "follower",
  blocked_by = { "follower" },
  strength = 1,
}

-- §4.1-§4.3: points to the majority, ties share.
-- §4.1 historical variant: early printings scored a completed 2-tile
-- city at 1 per tile. With a pennant (possible with expansion tiles) the
-- rules say nothing; the reading of the peer engine, JCloisterZone, is
-- adopted: such a city scores like an incomplete one, 1 per tile + 1 per
-- pennant (2 + pennants).
option "tiny_city" {
  values = { 4, 2 }, default = 4,
  doc = "Points for a completed 2-tile city: 4 (standard: 2 per tile + 2 per pennant) "
     .. "or 2 (early printings: scored like an incomplete city, 1 per tile + 1 per "
     .. "pennant, so 3 with one pennant).",
}

score "road" {
  closed = { per_tile = 1 },
  final  = { per_tile = 1 },
}
score "city" {
  closed = { per_tile = 2, pennant = 2 },
  final  = { per_tile = 1, pennant = 1 },
}
score "cloister" {
  closed = { per_block_tile = 1 },       -- 9: itself and its 8 neighbours
  final  = { per_block_tile = 1 },       -- 1 + each neighbour present
}
score "field" {
  final = { per_adjacent_closed = { city = 3 } },  -- each city once per field
  keep_figures = true,                               -- farmers lie down for good
}

if option "tiny_city" == 2 then
  transform("feature_points", function(ctx, feature, points)
    if feature:closed() and feature:info().tiles == 2 then
      return 2 + feature:attr("pennant")
    end
    return points
  end, { kinds = { "city" } })
end

-- The Abbot (abbot.md §2-§4). All of it is data evaluated in C, with no
-- Lua hook: the early return is a recall offered instead of a deploy
-- (it was a collect hook, a Lua call every turn once an abbot stood on
-- the board: 0.19x base; now about base's speed, #41).
if ABBOT then
  -- §2: a follower for cloisters and gardens only; meeples never stand on
  -- a garden (their `on` above does not list it).
  figure "abbot" {
    per_player = 1,
    on = { "cloister", "garden" },
    group = "follower",
    blocked_by = { "follower" },
    strength = 1,
    shape = "abbot",
  }
  -- §3: a garden scores as a cloister does.
  score "garden" {
    closed = { per_block_tile = 1 },
    final  = { per_block_tile = 1 },
  }
  -- §4: instead of deploying, the abbot comes home and scores what its
  -- cloister or garden would score at the end of the game (one move
  -- `action abbot X Y SEGMENT`; an abbot out of play, a tower's prisoner,
  -- stands on no feature and is not offered [inferred]).
  recall "abbot" { phase = "place_figure", figures = { "abbot" }, on = { "cloister", "garden" },
                   scores = true }
end
