-- meeple.loader.api_caps: the declarations of the turn flow's
-- capabilities (engine/src/flow/cap_*.c): score_figure, score_meeting,
-- hand_tile, touches, recall, counter, gain, majority, line_markers,
-- extra_part, bonus and system.
--
-- Invariant: as in meeple.loader.api, DECLARATIONS maps each name to a
-- builder(c) whose result the script calls directly; a declaration only
-- checks its own arguments and appends its record to c.decl, and
-- meeple.loader.build checks the names it refers to once every script ran.
-- Trusted host code, never visible to scripts.

local declare = require "meeple.loader.declare"
local named = declare.named
local tile_id, is_name_list = declare.tile_id, declare.is_name_list

local D = {}

-- score_figure "barn" { final = formula, reason = r }: at the end each
-- such figure scores the formula over its own feature, for its owner.
function D.score_figure(c)
  local decl = c.decl
  return named(c.state, "score_figure", function(figure, spec, pos)
    if type(spec.final) ~= "table" then
      error(("score_figure '%s': final = { formula } expected (only final scoring is supported)"):format(figure), 3)
    end
    decl.score_figures[#decl.score_figures + 1] = { figure = figure, final = spec.final,
                                                    reason = spec.reason or figure, at = pos }
  end)
end

-- score_meeting "barn" { placed = formula, joined = formula, reason = r,
-- bonus = { figure = formula } }: a feature of the placed tile where such
-- a figure meets figures that count scores at once (docs/lua-api.md).
function D.score_meeting(c)
  local decl = c.decl
  return named(c.state, "score_meeting", function(figure, spec, pos)
    if type(spec.placed) ~= "table" or type(spec.joined) ~= "table" then
      error(("score_meeting '%s': placed = { formula } and joined = { formula } expected"):format(figure), 3)
    end
    if spec.bonus ~= nil and type(spec.bonus) ~= "table" then
      error(("score_meeting '%s': bonus = { figure = { formula } } expected"):format(figure), 3)
    end
    decl.score_meetings[#decl.score_meetings + 1] = { figure = figure, placed = spec.placed, joined = spec.joined,
                                          bonus = spec.bonus or {}, reason = spec.reason or figure,
                                          at = pos }
  end)
end

-- hand_tile "tile.id" { token = figure, end_round = bool, decline = action }:
-- a tile each holder of a token may play instead of drawing, into a hole.
function D.hand_tile(c)
  local decl = c.decl
  return named(c.state, "hand_tile", function(tile, spec, pos)
    if decl.hand_tile then error("hand_tile: declared twice (one tile in hand per game)", 3) end
    if type(spec.token) ~= "string" then error(("hand_tile '%s': token = \"figure\" expected"):format(tile), 3) end
    if spec.end_round and type(spec.decline) ~= "string" then
      error(("hand_tile '%s': end_round needs decline = \"action\""):format(tile), 3)
    end
    decl.hand_tile = { tile = tile, token = spec.token, end_round = spec.end_round and true or false,
                  decline = spec.decline, at = pos }
  end, tile_id)
end

-- touches "S" { { "S", "N" }, ... }: on an existing tile type, the
-- segments at those ports (north-up orientation) touch each other, as if
-- the tile file said `touches` (a gate, a junction).
function D.touches(c)
  local decl = c.decl
  return named(c.state, "touches", function(tile, spec, pos)
    for i, group in ipairs(spec) do
      local ok = type(group) == "table" and #group >= 2
      for _, port in ipairs(ok and group or {}) do ok = ok and type(port) == "string" end
      if not ok then error(("touches '%s': group %d is not a list of two or more port names"):format(tile, i), 3) end
    end
    decl.touches[#decl.touches + 1] = { tile = tile, groups = spec, optional = spec.optional, at = pos }
  end, tile_id)
end

-- recall "shaman" { phase = "shaman", figures = { "meeple" }, on = { kinds },
-- tiles = { tags or attributes } }: in that phase, after placing such a
-- tile (no tiles: any), the player may take one of their figures of
-- those kinds standing on such a feature back to the supply, unscored.
-- The name is the action of its moves (declared here if need be).
function D.recall(c)
  local decl = c.decl
  return named(c.state, "recall", function(action, spec, pos)
    if type(spec.phase) ~= "string" then error(("recall '%s': phase = \"name\" (a custom phase) expected"):format(action), 3) end
    for _, field in ipairs({ "figures", "on", "tiles" }) do
      if not is_name_list(spec[field], field == "tiles") then
        error(("recall '%s': %s must be a list of names"):format(action, field), 3)
      end
    end
    decl.recalls[#decl.recalls + 1] = { action = action, phase = spec.phase, figures = spec.figures,
                                        on = spec.on, tiles = spec.tiles, at = pos }
  end)
end

-- companion "fairy" { action = "fairy", follows = { "meeple" }, turn_points = 1,
-- scored_points = 3, final = false, reason = "fairy" }: a neutral figure
-- the player may move next to one of their followers instead of a
-- deploy; it pays that follower's owner (docs/lua-api.md). The name is
-- its figure; action defaults to the name, reason to the name.
function D.companion(c)
  local decl = c.decl
  return named(c.state, "companion", function(figure, spec, pos)
    if decl.companion then error("companion: declared twice (one companion per game)", 3) end
    if not is_name_list(spec.follows) or #spec.follows == 0 then
      error(("companion '%s': follows = { figure names } expected"):format(figure), 3)
    end
    for _, k in ipairs({ "turn_points", "scored_points" }) do
      if spec[k] ~= nil and math.type(spec[k]) ~= "integer" then
        error(("companion '%s': %s must be an integer, got %s"):format(figure, k, tostring(spec[k])), 3)
      end
    end
    decl.companion = { figure = figure, action = spec.action or figure, follows = spec.follows,
                       turn_points = spec.turn_points or 0, scored_points = spec.scored_points or 0,
                       final = spec.final and true or false, reason = spec.reason or figure, at = pos }
  end)
end

-- walker "dragon" { lands = { "volcano" }, walks = { "dragon" }, steps = 6,
-- phase = "dragon", action = "dragon", avoids = { "fairy" }, spares = { "barn" } }:
-- a neutral figure that lands on some tiles and, after others, walks
-- over the board sending figures home (docs/lua-api.md).
function D.walker(c)
  local decl = c.decl
  return named(c.state, "walker", function(figure, spec, pos)
    if decl.walker then error("walker: declared twice (one walker per game)", 3) end
    if type(spec.phase) ~= "string" then error(("walker '%s': phase = \"name\" (a custom phase) expected"):format(figure), 3) end
    if math.type(spec.steps) ~= "integer" then error(("walker '%s': steps = integer expected"):format(figure), 3) end
    for _, field in ipairs({ "lands", "walks", "avoids", "spares" }) do
      if not is_name_list(spec[field], true) then
        error(("walker '%s': %s must be a list of names"):format(figure, field), 3)
      end
    end
    decl.walker = { figure = figure, lands = spec.lands or {}, walks = spec.walks or {}, steps = spec.steps,
                    phase = spec.phase, action = spec.action or figure, avoids = spec.avoids or {},
                    spares = spec.spares or {}, at = pos }
  end)
end

-- counter "wine": an integer each player holds (goods tokens, ...).
function D.counter(c) return declare.name_list(c, "counter", "counters", true) end

-- gain { counter = "wine", when_closed = "city", per = "wine" }: whoever
-- completes such a feature takes one per unit of the attribute.
function D.gain(c)
  return declare.table_list(c, "gain", "gains", function(spec)
    return (spec.counter and spec.when_closed and spec.per and true)
        or "table with counter, when_closed and per"
  end)
end

-- majority { counter = "wine", points = 10, reason = "goods" }: at the
-- end, the players holding most (more than none) each score the points.
function D.majority(c)
  return declare.table_list(c, "majority", "majorities", function(spec)
    return (spec.counter and math.type(spec.points) == "integer")
        or "table with counter and integer points"
  end)
end

-- line_markers "surveyor" { axis = "x", dir = -1, start = {{0, 0}}, bonus = 4,
-- reason = "surveyor", sweep = {"trail"}, order = "choose", action = "survey" }:
-- neutral figures marking lines of the board, advanced after each scored
-- feature (docs/lua-api.md). Checked against the figures once all
-- scripts are loaded.
function D.line_markers(c)
  local decl = c.decl
  return named(c.state, "line_markers", function(name, spec, pos)
    if decl.line_markers then error("line_markers: declared twice (one set of line markers per game)", 3) end
    if spec.order == "choose" and type(spec.action) ~= "string" then
      error("line_markers: order = \"choose\" needs action = \"name\" for its moves", 3)
    end
    decl.line_markers = { figure = name, spec = spec, at = pos }
  end)
end

-- extra_part { when = "extends", kinds = {...}, figure = "builder" } or
-- { when = "closes", kinds = {...}, attr = "menhir", stack = "menhir" }:
-- one more part of the turn (a second tile), at most once a turn.
function D.extra_part(c)
  return declare.table_list(c, "extra_part", "extra_parts", function(spec)
    return (spec.when == "extends" or spec.when == "closes")
        or 'table with when = "extends" or "closes"'
  end)
end

-- bonus "field" { final = { per_adjacent_closed = { city = 1 } }, only_with = "pig" }:
-- terms added to the kind's scoring that count only for a leader with
-- that figure on the feature.
function D.bonus(c)
  local decl = c.decl
  return named(c.state, "bonus", function(kind, spec, pos)
    if not spec.only_with then error(("bonus '%s': only_with (a figure) is required"):format(kind), 3) end
    decl.bonuses[#decl.bonuses + 1] = { kind = kind, closed = spec.closed, final = spec.final,
                                         only_with = spec.only_with, at = pos }
  end)
end

-- system "huts" { kinds = { "river", "lake" }, figure = "hut", final = { fish = 1 },
--                 only_if = { raft = { per_feature = { lake = 1 } } }, reason = "huts" }:
-- at the end, each system of features of those kinds (joined through
-- segment adjacency) holding that figure scores the formula, summed
-- over the system, to its majority of that figure (1 each, ties share).
function D.system(c)
  local decl = c.decl
  return named(c.state, "system", function(name, spec, pos)
    if type(spec.kinds) ~= "table" or #spec.kinds == 0 then
      error(("system '%s': kinds (a list of kinds) is required"):format(name), 3)
    end
    if type(spec.figure) ~= "string" then error(("system '%s': figure (a figure name) is required"):format(name), 3) end
    if type(spec.final) ~= "table" then error(("system '%s': final (a formula) is required"):format(name), 3) end
    if spec.only_if ~= nil and type(spec.only_if) ~= "table" then
      error(("system '%s': only_if must map attributes to formulas"):format(name), 3)
    end
    decl.systems[#decl.systems + 1] = { name = name, kinds = spec.kinds, figure = spec.figure,
      final = spec.final, only_if = spec.only_if or {}, reason = spec.reason or name, at = pos }
  end)
end

return { DECLARATIONS = D }
