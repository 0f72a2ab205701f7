-- meeple.loader.api: the declaration API a script sees (kind, figure,
-- score, hook, ...). Each call checks its arguments and records the
-- declaration in `decl`; meeple.loader.build turns the records into C.
-- Trusted host code: scripts see only the functions make_api returns.

local meeple = require "meeple"
local common = require "meeple.loader.common"
local files = require "meeple.files"
local HOOK_KINDS, COMPLETION, MERGES = common.HOOK_KINDS, common.COMPLETION, common.MERGES
local sorted_keys, coerce = common.sorted_keys, common.coerce
local check_keys = require("meeple.loader.schema").check
-- drawings a kind or a figure may ask for (see meeple.render_board)
local DRAW_SHAPES = { area = true, line = true, walled = true, building = true, pond = true, disc = true }
local FIGURE_SHAPES = { meeple = true, builder = true, pig = true, mayor = true, wagon = true, barn = true,
                        abbey = true, hut = true, surveyor = true, big = true, disc = true }

local M = {}

local function new_decl()
  return {
    game = nil, title = nil, players = { min = 2, max = 6, default = 2 },
    scripts = {},            -- { name, path, hash }
    kinds = {}, kind_index = {},
    matches = {},
    attrs = {}, attr_index = {},
    tile_sets = {},          -- { name, file, stack }
    start = nil,
    stacks = {}, stack_index = {}, draw_stack = nil,
    figures = {}, figure_index = {},
    groups = {}, group_bit = {},
    options = {}, option_index = {},
    scores = {},             -- kind -> { closed=, final=, keep_figures=, reason=, final_reason= }
    phases = {}, actions = {},
    hooks = {},              -- { event, fn, priority, script, order }
    reasons = {},            -- extra score reasons, in order
    blocked = {},            -- cells that never take a tile
    regions = {},            -- { x0, y0, x1, y1 } rectangles (nil: open side)
    line = nil,              -- line_markers: { figure =, spec =, pos = }
    hand = nil,              -- hand_tile: { tile =, token =, end_round =, decline = }
    figure_scores = {},      -- score_figure: { figure =, final =, reason = }
    touches = {},            -- touches: { tile =, groups = }
    meetings = {},           -- score_meeting: { figure =, placed =, joined =, bonus =, reason = }
    recalls = {},            -- recall: { action =, phase =, figures =, on =, tiles = }
    counters = {}, counter_index = {},
    gains = {}, majorities = {}, extras = {},
    bonuses = {},            -- kind -> { closed = {terms}, final = {terms} }
    states = {},             -- script name -> default state table
    systems = {},            -- { name, kinds, figure, final, only_if, reason, at }
  }
end

local function copy_plain(v, seen, path)
  if type(v) == "function" or type(v) == "userdata" or type(v) == "thread" then
    error(("state cannot hold a %s (at %s)"):format(type(v), path), 0)
  end
  if type(v) ~= "table" then return v end
  seen = seen or {}
  if seen[v] then error("state cannot hold a cycle (at " .. path .. ")", 0) end
  seen[v] = true
  local out = {}
  for _, k in ipairs(sorted_keys(v)) do out[k] = copy_plain(v[k], seen, path .. "." .. tostring(k)) end
  seen[v] = nil
  return out
end

local function make_api(decl, script, cli_options, state)
  local api = {}
  local function check_loading(what)
    if not state.loading then
      error(what .. ": declarations are only allowed while the rules load", 2)
    end
  end
  -- A name checker: `what` names what was expected in the message.
  local function checker(pattern, what)
    return function(fname, name)
      if type(name) ~= "string" or not name:match(pattern) then
        error(("bad argument #1 to '%s' (%s expected, got %s)"):format(fname, what,
          type(name) == "string" and ("'" .. name .. "'") or type(name)), 3)
      end
      return name
    end
  end
  local checkname = checker("^[%a_][%w_]*$", "name")
  local tile_id = checker("^[%w_][%w_%.%-]*$", "tile id")
  -- `kind "city" { ... }` style: a name (a tile id with check = tile_id),
  -- then a table.
  local function named(fname, f, check)
    return function(name)
      check_loading(fname)
      ;(check or checkname)(fname, name)
      return function(spec)
        if spec ~= nil and type(spec) ~= "table" then
          error(("bad argument #1 to '%s \"%s\"' (table expected, got %s)"):format(fname, name, type(spec)), 2)
        end
        -- the script's line, kept for checks made once every script ran
        local _, m = pcall(error, "@", 3)
        spec = spec or {}
        local pos = type(m) == "string" and m:match("^(.*):%s*@$")
        -- not a tail call: errors at level 3 must land on the script's line
        local result = f(name, spec, pos)
        return result
      end
    end
  end

  function api.game(name)
    check_loading("game")
    checkname("game", name)
    if decl.game then error(("game: '%s' is already the game; use expansion for '%s'"):format(decl.game, name), 2) end
    decl.game = name
    return function(spec)
      spec = spec or {}
      if type(spec) ~= "table" then error(("game '%s': table expected, got %s"):format(name, type(spec)), 2) end
      check_keys("game", spec, ("game '%s'"):format(name), 2)
      if type(spec.players) == "table" then check_keys("game.players", spec.players, ("game '%s': players"):format(name), 2) end
      decl.title = spec.title or name
      if spec.players then
        local p = spec.players
        if type(p) ~= "table" then error(("game '%s': players must be { min =, max =, default = }"):format(name), 2) end
        local pl = { min = p.min or 2, max = p.max or 6, default = p.default or p.min or 2 }
        for _, k in ipairs({ "min", "max", "default" }) do
          if math.type(pl[k]) ~= "integer" or pl[k] < 1 or pl[k] > meeple.MAX_PLAYERS then
            error(("game '%s': players.%s must be an integer from 1 to %d, got %s"):format(
              name, k, meeple.MAX_PLAYERS, tostring(pl[k])), 2)
          end
        end
        if not (pl.min <= pl.default and pl.default <= pl.max) then
          error(("game '%s': players needs min <= default <= max"):format(name), 2)
        end
        decl.players = pl
      end
    end
  end

  function api.expansion(name)
    check_loading("expansion")
    checkname("expansion", name)
    script.expansion = name
    return function(spec)
      spec = spec or {}
      check_keys("expansion", spec, ("expansion '%s'"):format(name), 2)
      for _, req in ipairs(spec.requires or {}) do
        if req ~= decl.game and not decl.loaded_names[req] then
          error(("expansion '%s' requires '%s', which is not loaded"):format(name, req), 2)
        end
      end
    end
  end

  -- how pictures draw the kind: colour = "#rrggbb", shape = area, line,
  -- walled, building, pond or disc (meeple.render_board); optional
  local function kind_drawing(name, spec)
    local colour, shape = spec.colour or spec.color, spec.shape
    if colour == nil and shape == nil then return nil end
    if colour ~= nil and not (type(colour) == "string" and colour:match("^#%x%x%x%x%x%x$")) then
      error(("kind '%s': colour must be \"#rrggbb\", got %s"):format(name, tostring(colour)), 4)
    end
    if shape ~= nil and not DRAW_SHAPES[shape] then
      error(("kind '%s': shape must be area, line, walled, building, pond or disc, got '%s'"):format(name, tostring(shape)), 4)
    end
    return { colour = colour, shape = shape }
  end

  api.kind = named("kind", function(name, spec, pos)
    check_keys("kind", spec, ("kind '%s'"):format(name), 3)
    if decl.kind_index[name] then error(("kind '%s' is already declared"):format(name), 3) end
    local closes = spec.closes or "ports"
    if not COMPLETION[closes] then
      error(("kind '%s': closes must be ports, surrounded or never, got '%s'"):format(name, tostring(closes)), 3)
    end
    decl.kinds[#decl.kinds + 1] = { name = name, closes = closes, wildcard = spec.wildcard and true or false,
                                    at = pos, draw = kind_drawing(name, spec) }
    decl.kind_index[name] = #decl.kinds
  end)

  function api.match(a, b, mode)
    check_loading("match")
    mode = mode or "join"
    if mode ~= "join" and mode ~= "match" and mode ~= "none" then
      error("bad argument #3 to 'match' (join, match or none expected)", 2)
    end
    decl.matches[#decl.matches + 1] = { a, b, mode }
  end

  api.attribute = named("attribute", function(name, spec)
    check_keys("attribute", spec, ("attribute '%s'"):format(name), 3)
    if decl.attr_index[name] then error(("attribute '%s' is already declared"):format(name), 3) end
    local merge = spec.merge or "sum"
    if not MERGES[merge] then error(("attribute '%s': unknown merge '%s'"):format(name, tostring(merge)), 3) end
    decl.attrs[#decl.attrs + 1] = { name = name, merge = merge }
    decl.attr_index[name] = #decl.attrs
  end)

  -- tiles "base"  |  tiles { file = "x.tiles" }  |  tiles { text = [[...]] }
  function api.tiles(arg)
    check_loading("tiles")
    local _, where = pcall(error, "@", 3)
    local entry = { script = script, stack = nil, at = type(where) == "string" and where:match("^(.*):%s*@$") }
    -- a file the host will read: checked now, so the message has the line
    local function check(name)
      local ok, why = files.check_name(name)
      if not ok then error(("tiles '%s': %s"):format(tostring(name), why), 3) end
    end
    local function finish(spec)
      spec = spec or {}
      check_keys("tiles", spec, ("tiles '%s'"):format(entry.name), 2)
      entry.stack = spec.stack
      return entry
    end
    if type(arg) == "string" then
      check(arg)
      entry.name = arg
      decl.tile_sets[#decl.tile_sets + 1] = entry
      return finish
    elseif type(arg) == "table" then
      check_keys("tiles", arg, "tiles", 2)
      entry.file, entry.text, entry.stack = arg.file, arg.text, arg.stack
      entry.name = arg.name or arg.file or "inline"
      if entry.file ~= nil then check(entry.file) end
      decl.tile_sets[#decl.tile_sets + 1] = entry
      return entry
    end
    error("bad argument #1 to 'tiles' (set name or table expected)", 2)
  end

  -- start { tag = "start", at = {0, 0}, rotation = 0 } lays one start
  -- tile (found by tag, or `tile = id`); a list of such tables lays a
  -- whole start board. Each tile laid this way leaves the draw pool.
  function api.start(spec)
    check_loading("start")
    if type(spec) ~= "table" then error("bad argument #1 to 'start' (table expected)", 2) end
    local list = spec[1] and spec or { spec }
    local _, m = pcall(error, "@", 3)  -- the script's line, for errors when a game starts
    local where = type(m) == "string" and m:match("^(.*):%s*@$")
    local replace = spec.replace
    if replace ~= nil and type(replace) ~= "boolean" then error("start: replace must be true or false", 2) end
    if decl.start and not replace then
      error(("start: %s already lays the start; an expansion that lays another says replace = true"):format(
        decl.start_by or "an earlier script"), 2)
    end
    decl.start_by = where or script.path
    decl.start = {}
    for i, s in ipairs(list) do
      if type(s) ~= "table" or not (s.tag or s.tile) then
        error(("start: entry %d needs a tile or a tag"):format(i), 2)
      end
      check_keys("start", s, ("start: entry %d"):format(i), 2)
      local at, rot = s.at or { 0, 0 }, s.rotation or 0
      if type(at) ~= "table" or math.type(at[1]) ~= "integer" or math.type(at[2]) ~= "integer" then
        error(("start: entry %d: at must be { x, y } with integers"):format(i), 2)
      end
      if rot ~= 0 and rot ~= 1 and rot ~= 2 and rot ~= 3 then
        error(("start: entry %d: rotation must be 0, 1, 2 or 3"):format(i), 2)
      end
      decl.start[i] = { tag = s.tag, tile = s.tile, at = at, rotation = rot, where = where }
    end
  end

  -- blocked { {x, y}, ... }: cells that never take a tile (the edges of a
  -- start board).
  function api.blocked(cells)
    check_loading("blocked")
    if type(cells) ~= "table" then error("bad argument #1 to 'blocked' (list of {x, y} expected)", 2) end
    for i, c in ipairs(cells) do
      if type(c) ~= "table" or math.type(c[1]) ~= "integer" or math.type(c[2]) ~= "integer" then
        error(("blocked: entry %d is not {x, y}"):format(i), 2)
      end
      decl.blocked[#decl.blocked + 1] = { c[1], c[2] }
    end
  end

  -- blocked_region { x = {min, max}, y = {min, max} }: every cell in the
  -- rectangle never takes a tile. A missing bound (or a missing axis)
  -- leaves that side open, so a half-plane is one declaration.
  function api.blocked_region(spec)
    check_loading("blocked_region")
    if type(spec) ~= "table" then
      error("bad argument #1 to 'blocked_region' ({x = {min, max}, y = {min, max}} expected)", 2)
    end
    local box = {}
    for i, axis in ipairs({ "x", "y" }) do
      local range = spec[axis]
      if range ~= nil then
        if type(range) ~= "table" then error(("blocked_region: %s must be {min, max}"):format(axis), 2) end
        for j, v in pairs(range) do   -- any bad entry fails; which one is reported does not matter
          if (j ~= 1 and j ~= 2) or math.type(v) ~= "integer" then
            error(("blocked_region: %s bounds must be integers {min, max}"):format(axis), 2)
          end
        end
        if range[1] and range[2] and range[1] > range[2] then
          error(("blocked_region: %s range %d..%d is empty"):format(axis, range[1], range[2]), 2)
        end
        box[i], box[i + 2] = range[1], range[2]
      end
    end
    for k in pairs(spec) do
      if k ~= "x" and k ~= "y" then error(("blocked_region: unknown field '%s'"):format(tostring(k)), 2) end
    end
    decl.regions[#decl.regions + 1] = box
  end

  api.stack = named("stack", function(name, spec)
    check_keys("stack", spec, ("stack '%s'"):format(name), 3)
    if not decl.stack_index[name] then
      decl.stacks[#decl.stacks + 1] = name
      decl.stack_index[name] = #decl.stacks
    end
    if spec.draw and decl.draw_stack and decl.draw_stack ~= name then
      -- a second draw stack would pull the game's tiles into it unseen
      error(("stack '%s': '%s' is already the draw stack; to play '%s' first, declare "
             .. "stack_order { \"%s\", \"%s\" }"):format(name, decl.draw_stack, name, name, decl.draw_stack), 3)
    end
    if spec.draw then decl.draw_stack = name end
  end)

  -- stack_order { "river", "main" }: each turn draws from the first of
  -- these stacks that still holds a tile; the last is the draw stack.
  function api.stack_order(list)
    check_loading("stack_order")
    local ok = type(list) == "table" and #list >= 1
    for _, name in ipairs(ok and list or {}) do ok = ok and type(name) == "string" end
    if not ok then error("bad argument #1 to 'stack_order' (a list of stack names expected)", 2) end
    local _, m = pcall(error, "@", 2)
    decl.stack_order = { list = table.move(list, 1, #list, 1, {}),
                         at = type(m) == "string" and m:match("^(.*):%s*@$") }
  end

  local function group_bit(name)
    local bit = decl.group_bit[name]
    if not bit then
      if #decl.groups >= 31 then error("too many figure groups", 4) end
      decl.groups[#decl.groups + 1] = name
      bit = 1 << (#decl.groups - 1)
      decl.group_bit[name] = bit
    end
    return bit
  end
  local function groups_mask(list)
    local mask = 0
    if type(list) == "string" then list = { list } end
    if list ~= nil and type(list) ~= "table" then
      error(("a figure group must be a name or a list of names, got %s"):format(tostring(list)), 4)
    end
    for _, g in ipairs(list or {}) do
      if type(g) ~= "string" then error(("a figure group must be a name, got %s"):format(tostring(g)), 4) end
      mask = mask | group_bit(g)
    end
    return mask
  end

  api.figure = named("figure", function(name, spec, pos)
    check_keys("figure", spec, ("figure '%s'"):format(name), 3)
    if type(spec.relocate) == "table" then
      check_keys("figure.relocate", spec.relocate, ("figure '%s': relocate"):format(name), 3)
    end
    if decl.figure_index[name] then error(("figure '%s' is already declared"):format(name), 3) end
    local fig = {
      name = name, per_player = spec.per_player or 0, neutral = spec.neutral or 0,
      on = spec.on or {}, group = groups_mask(spec.group or name),
      blocked_by = groups_mask(spec.blocked_by), needs_own = groups_mask(spec.needs_own),
      blocks = groups_mask(spec.blocks),
      strength = type(spec.strength) == "number" and spec.strength or 0,
      strength_attr = type(spec.strength) == "string" and spec.strength or nil,
      stays = spec.stays and true or false, at = pos,
      blocked_across = spec.blocked_across,
      corner = spec.corner and true or false,
      relocate = spec.relocate,
      shape = FIGURE_SHAPES[spec.shape] and spec.shape or nil, -- how pictures draw it
    }
    if spec.shape ~= nil and not FIGURE_SHAPES[spec.shape] then
      error(("figure '%s': unknown shape '%s'"):format(name, tostring(spec.shape)), 3)
    end
    if spec.relocate ~= nil then
      local r = spec.relocate
      if type(r) ~= "table" or type(r.action) ~= "string" or type(r.to) ~= "table"
         or (r.reach ~= nil and r.reach ~= "connected" and r.reach ~= "around") then
        error(("figure '%s': relocate wants { to = {kinds}, action = \"name\" [, reach = \"connected\"|\"around\"] }"):format(name), 3)
      end
      if not spec.stays then
        error(("figure '%s': a figure that relocates after scoring must stay (stays = true)"):format(name), 3)
      end
    end
    decl.figures[#decl.figures + 1] = fig
    decl.figure_index[name] = #decl.figures
  end)

  -- option "name" { values=, default=, doc= } declares and returns the
  -- value in force; option "name" alone reads it.
  function api.option(name)
    checkname("option", name)
    local existing = decl.option_index[name]
    if existing then return decl.options[existing].value end
    check_loading("option")
    return function(spec)
      if type(spec) ~= "table" or spec.default == nil then
        error(("option '%s' needs a default"):format(name), 2)
      end
      check_keys("option", spec, ("option '%s'"):format(name), 2)
      local d = { name = name, values = spec.values, default = spec.default, doc = spec.doc or "",
                  script = script.name }
      d.value = d.default
      local given = cli_options[name]
      if given ~= nil then
        local v, err = coerce(d, given)
        if v == nil then error(err, 0) end
        d.value = v
        state.used_options[name] = true
      end
      decl.options[#decl.options + 1] = d
      decl.option_index[name] = #decl.options
      return d.value
    end
  end

  api.score = named("score", function(kind, spec, pos)
    check_keys("score", spec, ("score '%s'"):format(kind), 3)
    decl.scores[kind] = { at = pos,
      closed = spec.closed, final = spec.final, keep_figures = spec.keep_figures and true or false,
      reason = spec.reason or kind, final_reason = spec.final_reason or spec.reason or kind,
    }
  end)

  -- score_figure "barn" { final = formula, reason = r }: at the end each
  -- such figure scores the formula over its own feature, for its owner.
  api.score_figure = named("score_figure", function(figure, spec, pos)
    check_keys("score_figure", spec, ("score_figure '%s'"):format(figure), 3)
    if type(spec.final) ~= "table" then
      error(("score_figure '%s': final = { formula } expected (only final scoring is supported)"):format(figure), 3)
    end
    decl.figure_scores[#decl.figure_scores + 1] = { figure = figure, final = spec.final,
                                                    reason = spec.reason or figure, at = pos }
  end)

  -- score_meeting "barn" { placed = formula, joined = formula, reason = r,
  -- bonus = { figure = formula } }: a feature of the placed tile where such
  -- a figure meets figures that count scores at once (docs/lua-api.md).
  api.score_meeting = named("score_meeting", function(figure, spec, pos)
    check_keys("score_meeting", spec, ("score_meeting '%s'"):format(figure), 3)
    if type(spec.placed) ~= "table" or type(spec.joined) ~= "table" then
      error(("score_meeting '%s': placed = { formula } and joined = { formula } expected"):format(figure), 3)
    end
    if spec.bonus ~= nil and type(spec.bonus) ~= "table" then
      error(("score_meeting '%s': bonus = { figure = { formula } } expected"):format(figure), 3)
    end
    decl.meetings[#decl.meetings + 1] = { figure = figure, placed = spec.placed, joined = spec.joined,
                                          bonus = spec.bonus or {}, reason = spec.reason or figure,
                                          at = pos }
  end)

  -- hand_tile "tile.id" { token = figure, end_round = bool, decline = action }:
  -- a tile each holder of a token may play instead of drawing, into a hole.
  api.hand_tile = named("hand_tile", function(tile, spec, pos)
    check_keys("hand_tile", spec, ("hand_tile '%s'"):format(tile), 3)
    if decl.hand then error("hand_tile: declared twice (one tile in hand per game)", 3) end
    if type(spec.token) ~= "string" then error(("hand_tile '%s': token = \"figure\" expected"):format(tile), 3) end
    if spec.end_round and type(spec.decline) ~= "string" then
      error(("hand_tile '%s': end_round needs decline = \"action\""):format(tile), 3)
    end
    decl.hand = { tile = tile, token = spec.token, end_round = spec.end_round and true or false,
                  decline = spec.decline, at = pos }
    end, tile_id)

  -- touches "S" { { "S", "N" }, ... }: on an existing tile type, the
  -- segments at those ports (north-up orientation) touch each other, as if
  -- the tile file said `touches` (a gate, a junction).
  api.touches = named("touches", function(tile, spec, pos)
    check_keys("touches", spec, ("touches '%s'"):format(tile), 3)
    for i, group in ipairs(spec) do
      local ok = type(group) == "table" and #group >= 2
      for _, port in ipairs(ok and group or {}) do ok = ok and type(port) == "string" end
      if not ok then error(("touches '%s': group %d is not a list of two or more port names"):format(tile, i), 3) end
    end
    decl.touches[#decl.touches + 1] = { tile = tile, groups = spec, optional = spec.optional, at = pos }
    end, tile_id)

  -- recall "shaman" { phase = "shaman", figures = { "meeple" }, on = { kinds },
  -- tiles = { tags or attributes } }: in that phase, after placing such a
  -- tile (no tiles: any), the player may take one of their figures of
  -- those kinds standing on such a feature back to the supply, unscored.
  -- The name is the action of its moves (declared here if need be).
  api.recall = named("recall", function(action, spec, pos)
    check_keys("recall", spec, ("recall '%s'"):format(action), 3)
    if type(spec.phase) ~= "string" then error(("recall '%s': phase = \"name\" (a custom phase) expected"):format(action), 3) end
    for _, field in ipairs({ "figures", "on", "tiles" }) do
      local list = spec[field]
      local ok = (list == nil and field == "tiles") or (type(list) == "table" and #list > 0)
      for _, name in ipairs(ok and list or {}) do ok = ok and type(name) == "string" end
      if not ok then error(("recall '%s': %s must be a list of names"):format(action, field), 3) end
    end
    decl.recalls[#decl.recalls + 1] = { action = action, phase = spec.phase, figures = spec.figures,
                                        on = spec.on, tiles = spec.tiles, at = pos }
  end)

  api.phase = named("phase", function(name, spec, pos)
    check_keys("phase", spec, ("phase '%s'"):format(name), 3)
    decl.phases[#decl.phases + 1] = { name = name, after = spec.after or "after_scoring", at = pos }
  end)

  function api.action(name)
    check_loading("action")
    checkname("action", name)
    decl.actions[#decl.actions + 1] = name
  end

  local function hook(kindname, table_)
    return function(event, fn, opts)
      check_loading(kindname)
      if type(event) ~= "string" then error(("bad argument #1 to '%s' (event name expected)"):format(kindname), 2) end
      if type(fn) ~= "function" then error(("bad argument #2 to '%s' (function expected, got %s)"):format(kindname, type(fn)), 2) end
      local internal
      if kindname == "collect" then
        internal = "collect"
      else
        internal = table_[event]
        if not internal then
          local names = sorted_keys(table_)
          error(("%s: unknown event '%s' (one of: %s)"):format(kindname, event, table.concat(names, ", ")), 2)
        end
      end
      opts = opts or {}
      if type(opts) ~= "table" then error(("bad argument #3 to '%s' (table expected, got %s)"):format(kindname, type(opts)), 2) end
      check_keys("hook", opts, ("%s '%s'"):format(kindname, event), 2)
      local figures = opts.figures
      if figures ~= nil then
        if internal ~= "allow_deploys" then
          error(("%s: 'figures' only narrows allow(\"figure_placement\", ...)"):format(kindname), 2)
        end
        local names_only = type(figures) == "table" and #figures > 0
        for _, name in ipairs(names_only and figures or {}) do
          names_only = names_only and type(name) == "string"
        end
        if not names_only then error(("%s: 'figures' must be a list of figure names"):format(kindname), 2) end
      end
      local tiles, attrs, stacks = opts.tiles, opts.attrs, opts.stack
      if tiles ~= nil and internal ~= "tile_placed" and internal ~= "collect" and internal ~= "allow_placements" then
        error(("%s: 'tiles' only narrows on(\"tile_placed\", ...), allow(\"tile_placement\", ...) and collect(...)"):format(kindname), 2)
      end
      if stacks ~= nil then
        if internal ~= "allow_placements" then
          error(("%s: 'stack' only narrows allow(\"tile_placement\", ...)"):format(kindname), 2)
        end
        if type(stacks) == "string" then stacks = { stacks } end
      end
      if attrs ~= nil and internal ~= "feature_points" then
        error(("%s: 'attrs' only narrows transform(\"feature_points\", ...)"):format(kindname), 2)
      end
      for _, pair in ipairs({ { "tiles", tiles, "tags or attributes" }, { "attrs", attrs, "attributes" },
                              { "stack", stacks, "stack names" } }) do
        local list = pair[2]
        if list ~= nil then
          local ok = type(list) == "table" and #list > 0
          for _, name in ipairs(ok and list or {}) do ok = ok and type(name) == "string" end
          if not ok then error(("%s: '%s' must be a list of %s"):format(kindname, pair[1], pair[3]), 2) end
        end
      end
      -- the script's line, for the figure names checked once every script ran
      local _, m = pcall(error, "@", 3)
      local pos = type(m) == "string" and m:match("^(.*):%s*@$")
      decl.hooks[#decl.hooks + 1] = {
        kind = kindname, event = internal, phase = kindname == "collect" and event or nil,
        fn = fn, priority = opts.priority or 0, script = script.name, script_id = script.order,
        script_order = script.order, order = #decl.hooks + 1, figures = figures, at = pos,
        tiles = tiles, attrs = attrs, stacks = stacks,
      }
    end
  end
  api.on = hook("on", HOOK_KINDS.on)
  api.allow = hook("allow", HOOK_KINDS.allow)
  api.transform = hook("transform", HOOK_KINDS.transform)
  api.collect = hook("collect", {})

  -- reason "goods": a name for points in the ledger.
  function api.reason(name)
    check_loading("reason")
    checkname("reason", name)
    decl.reasons[#decl.reasons + 1] = name
  end

  -- counter "wine": an integer each player holds (goods tokens, ...).
  function api.counter(name)
    check_loading("counter")
    checkname("counter", name)
    if decl.counter_index[name] then error(("counter '%s' is already declared"):format(name), 2) end
    decl.counters[#decl.counters + 1] = name
    decl.counter_index[name] = #decl.counters
  end

  -- gain { counter = "wine", when_closed = "city", per = "wine" }: whoever
  -- completes such a feature takes one per unit of the attribute.
  function api.gain(spec)
    check_loading("gain")
    if type(spec) ~= "table" or not spec.counter or not spec.when_closed or not spec.per then
      error("bad argument #1 to 'gain' (table with counter, when_closed and per expected)", 2)
    end
    check_keys("gain", spec, "gain", 2)
    decl.gains[#decl.gains + 1] = spec
  end

  -- majority { counter = "wine", points = 10, reason = "goods" }: at the
  -- end, the players holding most (more than none) each score the points.
  function api.majority(spec)
    check_loading("majority")
    if type(spec) ~= "table" or not spec.counter or math.type(spec.points) ~= "integer" then
      error("bad argument #1 to 'majority' (table with counter and integer points expected)", 2)
    end
    check_keys("majority", spec, "majority", 2)
    decl.majorities[#decl.majorities + 1] = spec
  end

  -- line_markers "surveyor" { axis = "x", dir = -1, start = {{0, 0}}, bonus = 4,
  -- reason = "surveyor", sweep = {"trail"}, order = "choose", action = "survey" }:
  -- neutral figures marking lines of the board, advanced after each scored
  -- feature (docs/lua-api.md). Checked against the figures once all
  -- scripts are loaded.
  api.line_markers = named("line_markers", function(name, spec, pos)
    if decl.line then error("line_markers: declared twice (one set of line markers per game)", 3) end
    check_keys("line_markers", spec, "line_markers", 3)
    if spec.order == "choose" and type(spec.action) ~= "string" then
      error("line_markers: order = \"choose\" needs action = \"name\" for its moves", 3)
    end
    decl.line = { figure = name, spec = spec, pos = pos }
  end)

  -- extra_part { when = "extends", kinds = {...}, figure = "builder" } or
  -- { when = "closes", kinds = {...}, attr = "menhir", stack = "menhir" }:
  -- one more part of the turn (a second tile), at most once a turn.
  function api.extra_part(spec)
    check_loading("extra_part")
    if type(spec) ~= "table" or (spec.when ~= "extends" and spec.when ~= "closes") then
      error("bad argument #1 to 'extra_part' (table with when = \"extends\" or \"closes\" expected)", 2)
    end
    check_keys("extra_part", spec, "extra_part", 2)
    decl.extras[#decl.extras + 1] = spec
  end

  -- bonus "field" { final = { per_adjacent_closed = { city = 1 } }, only_with = "pig" }:
  -- terms added to the kind's scoring that count only for a leader with
  -- that figure on the feature.
  api.bonus = named("bonus", function(kind, spec, pos)
    check_keys("bonus", spec, ("bonus '%s'"):format(kind), 3)
    if not spec.only_with then error(("bonus '%s': only_with (a figure) is required"):format(kind), 3) end
    decl.bonuses[#decl.bonuses + 1] = { kind = kind, closed = spec.closed, final = spec.final,
                                         only_with = spec.only_with, at = pos }
  end)

  -- system "huts" { kinds = { "river", "lake" }, figure = "hut", final = { fish = 1 },
  --                 only_if = { raft = { per_feature = { lake = 1 } } }, reason = "huts" }:
  -- at the end, each system of features of those kinds (joined through
  -- segment adjacency) holding that figure scores the formula, summed
  -- over the system, to its majority of that figure (1 each, ties share).
  api.system = named("system", function(name, spec, pos)
    check_keys("system", spec, ("system '%s'"):format(name), 3)
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

  -- state { ... } declares this script's own part of the game state.
  function api.state(default)
    check_loading("state")
    decl.states[script.order] = copy_plain(default or {}, nil, "state")
  end

  return api
end

M.new_decl, M.copy_plain, M.make_api = new_decl, copy_plain, make_api

return M
