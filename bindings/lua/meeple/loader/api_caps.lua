-- meeple.loader.api_caps: the declarations of the turn flow's
-- capabilities (engine/src/flow/caps/*/cap_*.c): score_figure, score_meeting,
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
function D.score_figure(c) return declare.named_list(c, "score_figure", "score_figures", "figure") end

-- score_meeting "barn" { placed = formula, joined = formula, reason = r,
-- bonus = { figure = formula } }: a feature of the placed tile where such
-- a figure meets figures that count scores at once (docs/lua-api.md).
function D.score_meeting(c) return declare.named_list(c, "score_meeting", "score_meetings", "figure") end

-- hand_tile "tile.id" { token = figure, end_round = bool, decline = action }:
-- a tile each holder of a token may play instead of drawing, into a hole.
function D.hand_tile(c)
  local decl = c.decl
  return named(c.state, "hand_tile", function(tile, spec, pos)
    declare.once(decl, "hand_tile", "one tile in hand per game")
    if spec.end_round and spec.decline == nil then
      error(("hand_tile '%s': end_round needs decline = \"action\""):format(tile), 3)
    end
    spec.tile, spec.at = tile, pos
    decl.hand_tile = spec
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
-- tiles = { tags or attributes }, where =, near =, near_of =, names = }:
-- in that phase, after placing such a tile (no tiles: any), the player
-- may take one of their figures of those kinds standing on such a
-- feature (narrowed by where and near) back to the supply, unscored.
-- The name is the action of its moves (declared here if need be).
function D.recall(c)
  return declare.named_list(c, "recall", "recalls", "action", function(rc)
    for _, field in ipairs({ "figures", "on", "tiles", "near" }) do
      if not is_name_list(rc[field], field == "tiles" or field == "near") then
        error(("recall '%s': %s must be a list of one or more names"):format(rc.action, field), 4)
      end
    end
  end)
end

-- companion "fairy" { follows = { "meeple" }, turn_points = 1, scored_points = 3,
-- final = false }: a neutral figure the player may move next to one of
-- their followers instead of a deploy; it pays that follower's owner
-- (docs/lua-api.md). The name is its figure.
function D.companion(c)
  return declare.single(c, "companion", "figure", function(spec)
    if #spec.follows == 0 then error(("companion '%s': follows must name one figure or more"):format(spec.figure), 4) end
  end)
end

-- walker "dragon" { lands = { "volcano" }, walks = { "dragon" }, steps = 6,
-- phase = "dragon", avoids = { "fairy" }, spares = { "barn" } }: a neutral
-- figure that lands on some tiles and, after others, walks over the board
-- sending figures home (docs/lua-api.md). The name is its figure.
function D.walker(c) return declare.single(c, "walker", "figure") end

-- deploy_anywhere "portal" { figures = { "meeple" }, tiles = { "portal" } }:
-- after placing such a tile, instead of deploying on it, the player may
-- deploy a figure on any open feature of the board (docs/lua-api.md).
-- The name is the action of its moves (declared here if need be).
function D.deploy_anywhere(c) return declare.single(c, "deploy_anywhere", "action") end

-- evict "princess" { figures = { "meeple" }, tiles = { "princess" }, attr = "princess" }:
-- after placing such a tile, instead of deploying, the player may send
-- home a figure standing on the feature of one of its segments (with that
-- attribute). The name is the action of its moves.
function D.evict(c) return declare.single(c, "evict", "action") end

-- record "champion" { kind = "road", final = 5 }: whoever completes a
-- feature of the kind larger than every one before holds the counter
-- (1, the others 0) and scores for it (docs/lua-api.md). The name is the
-- counter, declared with `counter`.
function D.record(c) return declare.named_list(c, "record", "records", "counter") end

-- square_count "lookout" { kinds = { "city" }, scorers = { "meeple" },
-- segments = "cloister" }: a figure on a segment marked with the
-- attribute (the name) of a completed feature scores, for its owner, the
-- segment's value times what the 3x3 square around its tile holds
-- (docs/lua-api.md). Exactly one of figures, attr, tiles, segments.
function D.square_count(c)
  return declare.named_list(c, "square_count", "square_counts", "attr", function(sc)
    local n = (sc.figures and 1 or 0) + (sc.of_attr and 1 or 0) + (sc.tiles and 1 or 0) + (sc.segments and 1 or 0)
    if n ~= 1 then
      error(("square_count '%s': it counts one thing: figures, of_attr, tiles or segments"):format(sc.attr), 4)
    end
    if sc.unless and not sc.tiles then
      error(("square_count '%s': unless goes with tiles"):format(sc.attr), 4)
    end
  end)
end

-- split_occupancy "street" { figure = "meeple", attr = "square" }: the
-- segments with that attribute split a feature into parts, each claimed
-- on its own: after placing a tile, a figure may go on a free part of an
-- occupied feature of it (docs/lua-api.md). The name is the action of its
-- moves.
function D.split_occupancy(c) return declare.single(c, "split_occupancy", "action") end

-- tile_variants { pairs = { { "tile", "variant" }, ... }, counter = "c", limit = 3 }:
-- the drawn tile may be placed as one of its variants instead, while the
-- player's counter is below the limit. Once per game.
function D.tile_variants(c)
  local decl = c.decl
  return declare.table_arg(c, "tile_variants", "table", function(spec, pos)
    declare.once(decl, "tile_variants", "one set of tile variants per game")
    spec = require("meeple.loader.schema").check("tile_variants", spec, "tile_variants", 3)
    for i, pair in ipairs(spec.pairs) do
      if #pair ~= 2 then error(("tile_variants: pair %d is not {tile id, variant id}"):format(i), 3) end
    end
    spec.at = pos
    decl.tile_variants = spec
  end)
end

-- token_pool "shepherd" { stack = "bag", phase = "p", grow = "a", cash = "b",
-- value = "attr", bust = "tag", reason = "r" }: each figure of that kind
-- on the board keeps a pool of tokens drawn from the stack, grown or
-- cashed when a tile extends its feature (docs/lua-api.md). Once per game.
function D.token_pool(c) return declare.single(c, "token_pool", "figure") end

-- move_anywhere "scout" { phase = "scout", figures = { "scout" }, on = { "road" },
-- tiles = { "well" }, marks = { "scouted" } }: neutral figures, one of
-- each kind, that the player must put or move onto any open feature of
-- those kinds after placing such a tile, never two on one feature
-- (docs/lua-api.md). The name is the action of its moves.
function D.move_anywhere(c) return declare.single(c, "move_anywhere", "action") end

-- pairing { a = { "shrine" }, b = { "cloister" }, rival = "cloister" }: tiles
-- of two sorts (tags, attributes or kinds; b leaves out a's) pair one to
-- one with a neighbour of the other sort, and their features of the rival
-- kind contest: the first completed sends the other's figures home
-- (docs/lua-api.md). Once per game.
function D.pairing(c)
  local decl = c.decl
  return declare.table_arg(c, "pairing", "table", function(spec, pos)
    declare.once(decl, "pairing", "one pairing per game")
    spec = require("meeple.loader.schema").check("pairing", spec, "pairing", 3)
    spec.at = pos
    decl.pairing = spec
  end)
end

-- counter "wine": an integer each player holds (goods tokens, ...).
function D.counter(c) return declare.name_list(c, "counter", "counters", true) end

-- gain { counter = "wine", when_closed = "city", per = "wine" }: whoever
-- completes such a feature takes one per unit of the attribute.
function D.gain(c) return declare.table_list(c, "gain", "gains") end

-- majority { counter = "wine", points = 10, reason = "goods" }: at the
-- end, the players holding most (more than none) each score the points.
function D.majority(c) return declare.table_list(c, "majority", "majorities") end

-- line_markers "surveyor" { axis = "x", dir = -1, start = {{0, 0}}, bonus = 4,
-- reason = "surveyor", sweep = {"trail"}, order = "choose", action = "survey" }:
-- neutral figures marking lines of the board, advanced after each scored
-- feature (docs/lua-api.md). Checked against the figures once all
-- scripts are loaded.
function D.line_markers(c)
  local decl = c.decl
  return named(c.state, "line_markers", function(name, spec, pos)
    declare.once(decl, "line_markers", "one set of line markers per game")
    if spec.order == "choose" and spec.action == nil then
      error("line_markers: order = \"choose\" needs action = \"name\" for its moves", 3)
    end
    decl.line_markers = { figure = name, spec = spec, at = pos }
  end)
end

-- extra_part { when = "extends", kinds = {...}, figure = "builder" } or
-- { when = "closes", kinds = {...}, attr = "menhir", stack = "menhir" }:
-- one more part of the turn (a second tile), at most once a turn.
function D.extra_part(c) return declare.table_list(c, "extra_part", "extra_parts") end

-- bonus "field" { final = { touching_closed = { city = { besieged = 3 } } } }: terms
-- added to a kind's scoring for every leader (with only_with: for those with that figure);
-- bonus "field" { final = { per_adjacent_closed = { city = 1 } }, only_with = "pig" }:
-- terms added to the kind's scoring that count only for a leader with
-- that figure on the feature.
function D.bonus(c) return declare.named_list(c, "bonus", "bonuses", "kind") end

-- system "huts" { kinds = { "river", "lake" }, figure = "hut", final = { fish = 1 },
--                 only_if = { raft = { per_feature = { lake = 1 } } }, reason = "huts" }:
-- at the end, each system of features of those kinds (joined through
-- segment adjacency) holding that figure scores the formula, summed
-- over the system, to its majority of that figure (1 each, ties share).
function D.system(c)
  return declare.named_list(c, "system", "systems", "name", function(sy)
    if #sy.kinds == 0 then error(("system '%s': kinds must name one kind or more"):format(sy.name), 4) end
  end)
end

return { DECLARATIONS = D }
