-- meeple.loader: turns game, expansion and house-rule scripts into a
-- running rule set.
--
-- Scripts run in the sandbox and may only declare: kinds, matching,
-- attributes, tile sets, figures, options, scoring, phases, actions and
-- hooks. This module (trusted host code, never visible to scripts) builds
-- the kernel's rules and the turn flow from those declarations, then
-- freezes them; from then on a declaration is an error.
--
--   local loader = require "meeple.loader"
--   local rs = loader.load{ game = "base", with = {}, rules = {},
--                           options = { tiny_city = "2" }, run = run_script }
--   local play = loader.new_play(rs, { players = 2, seed = 1 })
--
-- `run(chunkname, code, api)` is supplied by the host: it runs a chunk in
-- the sandbox with the entries of `api` visible as globals, under the
-- instruction budget and memory cap.
--
-- Determinism: every list here is kept in declaration order or sorted;
-- nothing depends on pairs() order.

local meeple = require "meeple"
local tiles_mod = require "meeple.tiles"

local M = {}

local HOOK_KINDS = {
  on = {
    turn_begin = "turn_begin", tile_drawn = "tile_drawn", tile_placed = "tile_placed",
    figure_placed = "figure_placed", feature_scored = "feature_scored",
    turn_end = "turn_end", final_scoring = "final_scoring", phase = "phase",
    action = "apply",   -- plays a custom action move; return true to stay in the phase
  },
  allow = { tile_placement = "allow_placements", figure_placement = "allow_deploys" },
  transform = { feature_points = "feature_points", extra_part = "extra_part" },
}

local COMPLETION = { ports = "ports", surrounded = "surrounded", never = "never" }
-- drawings a kind or a figure may ask for (see meeple.render_board)
local DRAW_SHAPES = { area = true, line = true, walled = true, building = true, pond = true, disc = true }
local FIGURE_SHAPES = { meeple = true, builder = true, pig = true, mayor = true, wagon = true, barn = true,
                        abbey = true, hut = true, surveyor = true, big = true, disc = true }
local MERGES = { sum = true, max = true, min = true, any = true, all = true }

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  return keys
end

local function readfile(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local text = f:read("a")
  f:close()
  return text
end

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() return true end
  return false
end

local function dirname(path)
  return path:match("^(.*)/[^/]*$") or "."
end

-- File helpers the other host modules (meeple.scenario) use too.
M.readfile, M.exists, M.dirname = readfile, exists, dirname

-- "./scripts/../tiles/x" -> "tiles/x": the paths records show.
local function tidy(path)
  local n
  repeat path, n = path:gsub("[^/]+/%.%./", "", 1) until n == 0 or path:match("^%.%./")
  path = path:gsub("^%./", "")
  return path
end

-- A script name ("base", "traders_builders") or a path ("./x/y.lua").
local function find_script(name, dirs)
  if name:find("/", 1, true) or name:match("%.lua$") then
    if exists(name) then return name end
    return nil, ("script '%s' not found"):format(name)
  end
  for _, d in ipairs(dirs) do
    local p = d .. "/" .. name .. ".lua"
    if exists(p) then return tidy(p) end
  end
  return nil, ("no script '%s' in %s"):format(name, table.concat(dirs, ", "))
end

-- FNV-1a over the bytes, as 16 hex digits: the record's content hash.
M.content_hash = meeple.hash

-- Parses an option value given as text (from the command line) into the
-- type of the option's default.
local function coerce(decl, text)
  local default = decl.default
  local v = text
  if type(default) == "number" then
    v = tonumber(text)
    if v == nil then return nil, ("option '%s' wants a number, got '%s'"):format(decl.name, text) end
    if math.tointeger(v) then v = math.tointeger(v) end
  elseif type(default) == "boolean" then
    if text == "true" or text == "1" or text == "yes" then v = true
    elseif text == "false" or text == "0" or text == "no" then v = false
    else return nil, ("option '%s' wants true or false, got '%s'"):format(decl.name, text) end
  end
  if decl.values then
    local ok = false
    for _, allowed in ipairs(decl.values) do if allowed == v then ok = true end end
    if not ok then
      local shown = {}
      for i, allowed in ipairs(decl.values) do shown[i] = tostring(allowed) end
      return nil, ("option '%s' must be one of %s, got '%s'"):format(
        decl.name, table.concat(shown, " | "), text)
    end
  end
  return v
end

-- {=====================================================================
-- The declaration API a script sees
-- ======================================================================

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
      decl.title = spec.title or name
      if spec.players then
        decl.players = { min = spec.players.min or 2, max = spec.players.max or 6,
                         default = spec.players.default or spec.players.min or 2 }
      end
    end
  end

  function api.expansion(name)
    check_loading("expansion")
    checkname("expansion", name)
    script.expansion = name
    return function(spec)
      spec = spec or {}
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

  api.kind = named("kind", function(name, spec)
    if decl.kind_index[name] then error(("kind '%s' is already declared"):format(name), 3) end
    local closes = spec.closes or "ports"
    if not COMPLETION[closes] then
      error(("kind '%s': closes must be ports, surrounded or never, got '%s'"):format(name, tostring(closes)), 3)
    end
    decl.kinds[#decl.kinds + 1] = { name = name, closes = closes, wildcard = spec.wildcard and true or false,
                                    draw = kind_drawing(name, spec) }
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
    if decl.attr_index[name] then error(("attribute '%s' is already declared"):format(name), 3) end
    local merge = spec.merge or "sum"
    if not MERGES[merge] then error(("attribute '%s': unknown merge '%s'"):format(name, tostring(merge)), 3) end
    decl.attrs[#decl.attrs + 1] = { name = name, merge = merge }
    decl.attr_index[name] = #decl.attrs
  end)

  -- tiles "base"  |  tiles { file = "x.tiles" }  |  tiles { text = [[...]] }
  function api.tiles(arg)
    check_loading("tiles")
    local entry = { script = script, stack = nil }
    local function finish(spec)
      spec = spec or {}
      entry.stack = spec.stack
      return entry
    end
    if type(arg) == "string" then
      entry.name = arg
      decl.tile_sets[#decl.tile_sets + 1] = entry
      return finish
    elseif type(arg) == "table" then
      entry.file, entry.text, entry.stack = arg.file, arg.text, arg.stack
      entry.name = arg.name or arg.file or "inline"
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
    decl.start = {}
    for i, s in ipairs(list) do
      if type(s) ~= "table" or not (s.tag or s.tile) then
        error(("start: entry %d needs a tile or a tag"):format(i), 2)
      end
      decl.start[i] = { tag = s.tag, tile = s.tile, at = s.at or { 0, 0 }, rotation = s.rotation or 0 }
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
    if not decl.stack_index[name] then
      decl.stacks[#decl.stacks + 1] = name
      decl.stack_index[name] = #decl.stacks
    end
    if spec.draw then decl.draw_stack = name end
  end)

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
    for _, g in ipairs(list or {}) do mask = mask | group_bit(g) end
    return mask
  end

  api.figure = named("figure", function(name, spec, pos)
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
    decl.scores[kind] = { at = pos,
      closed = spec.closed, final = spec.final, keep_figures = spec.keep_figures and true or false,
      reason = spec.reason or kind, final_reason = spec.final_reason or spec.reason or kind,
    }
  end)

  -- score_figure "barn" { final = formula, reason = r }: at the end each
  -- such figure scores the formula over its own feature, for its owner.
  api.score_figure = named("score_figure", function(figure, spec, pos)
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
    for k in pairs(spec) do
      if not ({ phase = 1, figures = 1, on = 1, tiles = 1 })[k] then
        error(("recall '%s': unknown field '%s'"):format(action, tostring(k)), 3)
      end
    end
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

  api.phase = named("phase", function(name, spec)
    decl.phases[#decl.phases + 1] = { name = name, after = spec.after or "after_scoring" }
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
      local tiles, attrs = opts.tiles, opts.attrs
      if tiles ~= nil and internal ~= "tile_placed" and internal ~= "collect" then
        error(("%s: 'tiles' only narrows on(\"tile_placed\", ...) and collect(...)"):format(kindname), 2)
      end
      if attrs ~= nil and internal ~= "feature_points" then
        error(("%s: 'attrs' only narrows transform(\"feature_points\", ...)"):format(kindname), 2)
      end
      for _, pair in ipairs({ { "tiles", tiles, "tags or attributes" }, { "attrs", attrs, "attributes" } }) do
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
        tiles = tiles, attrs = attrs,
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
    decl.gains[#decl.gains + 1] = spec
  end

  -- majority { counter = "wine", points = 10, reason = "goods" }: at the
  -- end, the players holding most (more than none) each score the points.
  function api.majority(spec)
    check_loading("majority")
    if type(spec) ~= "table" or not spec.counter or math.type(spec.points) ~= "integer" then
      error("bad argument #1 to 'majority' (table with counter and integer points expected)", 2)
    end
    decl.majorities[#decl.majorities + 1] = spec
  end

  -- line_markers "surveyor" { axis = "x", dir = -1, start = {{0, 0}}, bonus = 4,
  -- reason = "surveyor", sweep = {"trail"}, order = "choose", action = "survey" }:
  -- neutral figures marking lines of the board, advanced after each scored
  -- feature (docs/lua-api.md). Checked against the figures once all
  -- scripts are loaded.
  api.line_markers = named("line_markers", function(name, spec, pos)
    if decl.line then error("line_markers: declared twice (one set of line markers per game)", 3) end
    for k in pairs(spec) do
      if not ({ axis = 1, dir = 1, start = 1, bonus = 1, reason = 1, bonus_per = 1, sweep = 1,
                order = 1, action = 1 })[k] then
        error(("line_markers: unknown field '%s'"):format(tostring(k)), 3)
      end
    end
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
    decl.extras[#decl.extras + 1] = spec
  end

  -- bonus "field" { final = { per_adjacent_closed = { city = 1 } }, only_with = "pig" }:
  -- terms added to the kind's scoring that count only for a leader with
  -- that figure on the feature.
  api.bonus = named("bonus", function(kind, spec, pos)
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

-- }=====================================================================

-- {=====================================================================
-- Building the kernel rules and the flow
-- ======================================================================

-- "file:line: " of a declaration, when known.
local function at(d) return d and d.at and (d.at .. ": ") or "" end

local FORMULA_KEYS = { per_tile = "tile", per_block_tile = "block", points = "const", const = "const" }

local function formula_terms(decl, kind, spec, where)
  local terms = {}
  for _, key in ipairs(sorted_keys(spec)) do
    local v = spec[key]
    if FORMULA_KEYS[key] then
      terms[#terms + 1] = { FORMULA_KEYS[key], "", v }
    elseif key == "per_feature" then
      for _, k in ipairs(sorted_keys(v)) do
        if not decl.kind_index[k] then
          error(("%sscore '%s' %s: unknown kind '%s' in %s"):format(at(decl.scores[kind]), kind, where, k, key), 0)
        end
        terms[#terms + 1] = { "features", k, v[k] }
      end
    elseif key == "per_excess" then
      -- per_excess = { deer = { over = "tiger", points = 1 } }: max(0, deer - tiger) points
      for _, a in ipairs(sorted_keys(v)) do
        local e = v[a]
        if type(e) ~= "table" or not decl.attr_index[a] or not decl.attr_index[e.over]
           or math.type(e.points) ~= "integer" then
          error(("%sscore '%s' %s: per_excess wants { attribute = { over = attribute, points = n } }, got '%s'"):format(
            at(decl.scores[kind]), kind, where, tostring(a)), 0)
        end
        terms[#terms + 1] = { "attr_over", a, e.points, nil, e.over }
      end
    elseif key == "per_adjacent" or key == "per_adjacent_closed" then
      for _, k in ipairs(sorted_keys(v)) do
        if not decl.kind_index[k] then
          error(("%sscore '%s' %s: unknown kind '%s' in %s"):format(at(decl.scores[kind]), kind, where, k, key), 0)
        end
        terms[#terms + 1] = { key == "per_adjacent" and "adjacent" or "adjacent_closed", k, v[k] }
      end
    elseif decl.attr_index[key] then
      terms[#terms + 1] = { "attr", key, v }
    else
      error(("%sscore '%s' %s: '%s' is neither a formula term nor a declared attribute"):format(
        at(decl.scores[kind]), kind, where, key), 0)
    end
  end
  return terms
end

local function load_tile_sets(decl, rules, tile_dirs)
  local pool, seen = {}, {}
  for _, set in ipairs(decl.tile_sets) do
    local list, err
    if set.text then
      local parsed
      parsed, err = tiles_mod.parse(set.text, set.name)
      if parsed then list, err = tiles_mod.resolve(parsed, function(n)
        return nil, "inline tiles cannot include '" .. n .. "'" end) end
    else
      local path = set.file
      if not path then
        local dirs = { dirname(set.script.path) .. "/../tiles", dirname(set.script.path) }
        for _, d in ipairs(tile_dirs) do dirs[#dirs + 1] = d end
        for _, d in ipairs(dirs) do
          if exists(d .. "/" .. set.name .. ".tiles") then path = tidy(d .. "/" .. set.name .. ".tiles") break end
        end
        if not path then
          error(("tiles '%s': no %s.tiles next to %s or in %s"):format(
            set.name, set.name, set.script.path, table.concat(tile_dirs, ", ")), 0)
        end
      elseif not path:find("^/") and not exists(path) then
        path = dirname(set.script.path) .. "/" .. path
      end
      set.path = path
      local text = readfile(path)
      if text then decl.files[#decl.files + 1] = { path = path, hash = M.content_hash(text) } end
      list, err = tiles_mod.load_resolved(path)
    end
    if not list then error(err, 0) end
    local stack = set.stack or decl.draw_stack or "main"
    for _, t in ipairs(list) do
      for _, tag in ipairs(t.tags) do
        if not decl.tags[tag] then decl.tags[tag] = true; decl.tag_list[#decl.tag_list + 1] = tag end
      end
      if seen[t.id] then
        error(("tile %s: defined by two tile sets (%s and %s)"):format(t.id, seen[t.id], set.name), 0)
      end
      seen[t.id] = set.name
      pool[#pool + 1] = { tile = t, stack = stack }
    end
  end
  return pool
end

-- touches declarations: extra segment contacts on tiles of the pool. The
-- parsed tiles may be shared, so a patched tile is a copy.
local function apply_touches(decl, pool)
  local port_id = {}
  for i = 0, 11 do port_id[tiles_mod.PORT_NAMES[i]] = i end
  for _, d in ipairs(decl.touches) do
    local found = false
    for _, entry in ipairs(pool) do
      local t = entry.tile
      if t.id == d.tile then
        found = true
        local copy = {}
        for k, v in pairs(t) do copy[k] = v end
        copy.segments = {}
        for i, sg in ipairs(t.segments) do
          local c = {}
          for k, v in pairs(sg) do c[k] = v end
          c.adjacent = {}
          for j, a in ipairs(sg.adjacent or {}) do c.adjacent[j] = a end
          copy.segments[i] = c
        end
        for _, group in ipairs(d.groups) do
          local segs = {}
          for _, name in ipairs(group) do
            local port = port_id[name]
            local seg
            for i, sg in ipairs(copy.segments) do
              for _, p in ipairs(sg.ports) do if p == port then seg = i end end
            end
            if not seg then
              error(("%stouches '%s': no segment of the tile covers port '%s'"):format(at(d), d.tile, tostring(name)), 0)
            end
            segs[#segs + 1] = seg
          end
          for _, a in ipairs(segs) do
            for _, b in ipairs(segs) do
              if a ~= b then
                local list, has = copy.segments[a].adjacent, false
                for _, x in ipairs(list) do has = has or x == b end
                if not has then list[#list + 1] = b end
              end
            end
          end
        end
        entry.tile = copy
      end
    end
    if not found and not d.optional then
      error(("%stouches: no tile '%s' in the loaded tile sets"):format(at(d), d.tile), 0)
    end
  end
end

function M.load(opts)
  local decl = new_decl()
  decl.files, decl.tags, decl.tag_list, decl.loaded_names = {}, {}, {}, {}
  local state = { loading = true, used_options = {} }
  local script_dirs = opts.script_dirs or { "scripts" }
  local tile_dirs = opts.tile_dirs or { "tiles" }
  local cli_options = opts.options or {}

  local names = { opts.game or "base" }
  for _, e in ipairs(opts.with or {}) do names[#names + 1] = e end
  for _, r in ipairs(opts.rules or {}) do names[#names + 1] = r end

  for i, name in ipairs(names) do
    local path, err = find_script(name, script_dirs)
    if not path then error(err, 0) end
    local code = readfile(path)
    if not code then error(("cannot read %s"):format(path), 0) end
    local script = { name = name:match("([^/]+)%.lua$") or name, path = path, order = i }
    decl.scripts[#decl.scripts + 1] = script
    decl.files[#decl.files + 1] = { path = path, hash = M.content_hash(code) }
    local api = make_api(decl, script, cli_options, state)
    opts.run("@" .. path, code, api)
    decl.loaded_names[script.expansion or script.name] = true
    if i == 1 and not decl.game then
      error(("%s: a game script must begin with game \"name\""):format(path), 0)
    end
  end
  for _, k in ipairs(sorted_keys(cli_options)) do
    if not state.used_options[k] then
      local known = {}
      for _, d in ipairs(decl.options) do known[#known + 1] = d.name end
      error(("unknown option '%s' (known: %s)"):format(k, #known > 0 and table.concat(known, ", ") or "none"), 0)
    end
  end
  state.loading = false
  -- opts.figure_counts = { barn = 2 }: how many of a figure each player
  -- gets, for one run (a scenario's own supplies).
  for _, name in ipairs(sorted_keys(opts.figure_counts or {})) do
    local i = decl.figure_index[name]
    if not i then error(("figures: no figure '%s' in this game"):format(tostring(name)), 0) end
    local n = opts.figure_counts[name]
    if math.type(n) ~= "integer" or n < 0 then
      error(("figures: %s = %s: a count >= 0 expected"):format(name, tostring(n)), 0)
    end
    decl.figures[i].per_player = n
  end

  -- The kernel's definitions.
  local rules = meeple.rules()
  for _, k in ipairs(decl.kinds) do rules:kind(k.name, { completion = k.closes, wildcard = k.wildcard }) end
  for _, m in ipairs(decl.matches) do rules:match(m[1], m[2], m[3]) end
  for _, a in ipairs(decl.attrs) do rules:attr(a.name, a.merge) end
  if #decl.stacks == 0 then decl.stacks[1] = "main"; decl.stack_index.main = 1 end
  decl.draw_stack = decl.draw_stack or decl.stacks[1]
  for _, s in ipairs(decl.stacks) do rules:stack(s) end
  for _, f in ipairs(decl.figures) do rules:figure(f.name, { per_player = f.per_player, neutral = f.neutral }) end
  local reasons = {}
  for _, kind in ipairs(sorted_keys(decl.scores)) do
    local s = decl.scores[kind]
    for _, r in ipairs({ s.reason, s.final_reason }) do
      if not reasons[r] then reasons[r] = true; rules:reason(r) end
    end
  end
  for _, r in ipairs(decl.reasons) do
    if not reasons[r] then reasons[r] = true; rules:reason(r) end
  end
  local line_reason = decl.line and decl.line.spec.reason
  if type(line_reason) == "string" and not reasons[line_reason] then
    reasons[line_reason] = true; rules:reason(line_reason)
  end
  for _, m in ipairs(decl.majorities) do
    local r = m.reason or m.counter
    if not reasons[r] then reasons[r] = true; rules:reason(r) end
  end
  for _, sy in ipairs(decl.systems) do
    if not reasons[sy.reason] then reasons[sy.reason] = true; rules:reason(sy.reason) end
  end
  for _, list in ipairs({ decl.figure_scores, decl.meetings }) do
    for _, fs in ipairs(list) do
      if not reasons[fs.reason] then reasons[fs.reason] = true; rules:reason(fs.reason) end
    end
  end
  if not reasons.bonus then rules:reason("bonus") end
  for _, c in ipairs(decl.counters) do rules:counter(c) end
  for _, b in ipairs(decl.regions) do rules:block_region(b[1], b[2], b[3], b[4]) end
  local pool = load_tile_sets(decl, rules, tile_dirs)
  apply_touches(decl, pool)
  for _, tag in ipairs(decl.tag_list) do rules:tag(tag) end
  for _, entry in ipairs(pool) do rules:tile(entry.tile) end

  -- The flow.
  local flow = meeple.flow(rules)
  -- `blocks` is blocked_by seen from the other side: a figure that keeps
  -- the figures of some groups out of its feature without being one of
  -- them (a barn keeps farmers out and is no follower).
  local blocked_by = {}
  for i, f in ipairs(decl.figures) do
    blocked_by[i] = f.blocked_by
    for _, o in ipairs(decl.figures) do
      if o.blocks & f.group ~= 0 then blocked_by[i] = blocked_by[i] | o.group end
    end
  end
  for i, f in ipairs(decl.figures) do
    for _, k in ipairs(f.on) do
      if not decl.kind_index[k] then error(("%sfigure '%s': unknown kind '%s' in on"):format(at(f), f.name, k), 0) end
    end
    if f.strength_attr and not decl.attr_index[f.strength_attr] then
      error(("%sfigure '%s': strength names unknown attribute '%s'"):format(at(f), f.name, f.strength_attr), 0)
    end
    for _, k in ipairs(f.blocked_across or {}) do
      if not decl.kind_index[k] then
        error(("%sfigure '%s': unknown kind '%s' in blocked_across"):format(at(f), f.name, tostring(k)), 0)
      end
    end
    flow:figure(f.name, { on = f.on, group = f.group, blocked_by = blocked_by[i],
                          needs_own = f.needs_own, strength = f.strength, stays = f.stays,
                          strength_attr = f.strength_attr, blocked_across = f.blocked_across,
                          corner = f.corner })
  end
  for _, kind in ipairs(sorted_keys(decl.scores)) do
    if not decl.kind_index[kind] then error(("%sscore: unknown kind '%s'"):format(at(decl.scores[kind]), kind), 0) end
    local s = decl.scores[kind]
    for _, when in ipairs({ "closed", "final" }) do
      if s[when] then
        local terms = formula_terms(decl, kind, s[when], when)
        for _, b in ipairs(decl.bonuses) do
          if b.kind == kind and b[when] then
            if not decl.figure_index[b.only_with] then
              error(("%sbonus '%s': unknown figure '%s' in only_with"):format(at(b), kind, b.only_with), 0)
            end
            for _, t in ipairs(formula_terms(decl, kind, b[when], when)) do
              terms[#terms + 1] = { t[1], t[2], t[3], b.only_with }
            end
          end
        end
        if when == "closed" then flow:scoring(kind, when, terms, s.reason, false)
        else flow:scoring(kind, when, terms, s.final_reason, s.keep_figures) end
      end
    end
  end
  for _, b in ipairs(decl.bonuses) do
    if not decl.scores[b.kind] then error(("%sbonus '%s': the kind has no scoring to add to"):format(at(b), b.kind), 0) end
  end
  for _, g in ipairs(decl.gains) do flow:gain_on_close(g.when_closed, g.per, g.counter) end
  for _, m in ipairs(decl.majorities) do flow:final_majority(m.counter, m.points, m.reason or m.counter) end
  for _, sy in ipairs(decl.systems) do
    for _, k in ipairs(sy.kinds) do
      if not decl.kind_index[k] then error(("%ssystem '%s': unknown kind '%s'"):format(at(sy), sy.name, tostring(k)), 0) end
    end
    if not decl.figure_index[sy.figure] then
      error(("%ssystem '%s': unknown figure '%s'"):format(at(sy), sy.name, sy.figure), 0)
    end
    local terms = {}
    local function add(spec, cond)
      for _, t in ipairs(formula_terms(decl, sy.name, spec, "final")) do
        if t[1] ~= "const" and t[1] ~= "attr" and t[1] ~= "attr_over" and t[1] ~= "features" then
          error(("%ssystem '%s': a system formula takes attributes, per_excess, per_feature and points only"):format(at(sy), sy.name), 0)
        end
        terms[#terms + 1] = { t[1], t[2], t[3], cond, t[5] }
      end
    end
    add(sy.final, nil)
    for _, a in ipairs(sorted_keys(sy.only_if)) do
      if not decl.attr_index[a] then error(("%ssystem '%s': only_if names unknown attribute '%s'"):format(at(sy), sy.name, tostring(a)), 0) end
      add(sy.only_if[a], a)
    end
    flow:system{ kinds = sy.kinds, figure = sy.figure, reason = sy.reason, terms = terms }
  end
  flow:stack(decl.draw_stack)
  for _, x in ipairs(decl.extras) do
    flow:extra_part{ trigger = x.when, kinds = x.kinds or {}, figure = x.figure, attr = x.attr,
                     stack = x.stack or decl.draw_stack }
  end
  for _, ph in ipairs(decl.phases) do flow:phase(ph.name, ph.after) end
  local actions = {}
  for _, a in ipairs(decl.actions) do flow:action(a); actions[a] = true end
  if decl.line then
    local l = decl.line
    if l.spec.action and not actions[l.spec.action] then flow:action(l.spec.action) end
    local ok, err = pcall(flow.line_markers, flow, l.figure, l.spec)
    if not ok then error(("%s%s"):format(l.pos and (l.pos .. ": ") or "", (tostring(err):gsub("^bad argument #%d to '%?'", "line_markers"))), 0) end
  end
  -- declarations checked against the figures, tiles and actions now known
  local function declare(d, what, fn, ...)
    local ok, err = pcall(fn, flow, ...)
    if not ok then
      error(("%s%s: %s"):format(at(d), what, (tostring(err):gsub("^bad argument #%d to '%?' %((.*)%)$", "%1"))), 0)
    end
  end
  if decl.hand then
    local h = decl.hand
    if not decl.figure_index[h.token] then error(("%shand_tile '%s': unknown figure '%s'"):format(at(h), h.tile, h.token), 0) end
    if h.decline and not actions[h.decline] then flow:action(h.decline); actions[h.decline] = true end
    declare(h, "hand_tile", flow.hand, { tile = h.tile, token = h.token, end_round = h.end_round, decline = h.decline })
  end
  for _, f in ipairs(decl.figures) do
    local r = f.relocate
    if r then
      for _, k in ipairs(r.to) do
        if not decl.kind_index[k] then error(("%sfigure '%s': unknown kind '%s' in relocate.to"):format(at(f), f.name, tostring(k)), 0) end
      end
      if not actions[r.action] then flow:action(r.action); actions[r.action] = true end
      declare(f, "figure '" .. f.name .. "' relocate", flow.relocate,
              { figure = f.name, reach = r.reach or "connected", kinds = r.to, action = r.action })
    end
  end
  local phase_names = {}
  for _, ph in ipairs(flow:phases()) do phase_names[ph] = true end
  for _, rc in ipairs(decl.recalls) do
    local what = "recall '" .. rc.action .. "'"
    for _, name in ipairs(rc.figures) do
      if not decl.figure_index[name] then error(("%s%s: unknown figure '%s'"):format(at(rc), what, name), 0) end
    end
    for _, k in ipairs(rc.on) do
      if not decl.kind_index[k] then error(("%s%s: unknown kind '%s' in on"):format(at(rc), what, k), 0) end
    end
    for _, name in ipairs(rc.tiles or {}) do
      if not decl.tags[name] and not decl.attr_index[name] then
        error(("%s%s: '%s' in tiles is neither a tile tag nor an attribute"):format(at(rc), what, name), 0)
      end
    end
    if not phase_names[rc.phase] then
      error(("%s%s: unknown phase '%s' (declare it: phase \"%s\" { after = ... })"):format(
        at(rc), what, rc.phase, rc.phase), 0)
    end
    local custom = false
    for _, ph in ipairs(decl.phases) do custom = custom or ph.name == rc.phase end
    if not custom then
      error(("%s%s: '%s' is a built-in phase; a recall needs a phase of its own (phase \"name\" { after = ... })"):format(
        at(rc), what, rc.phase), 0)
    end
    if not actions[rc.action] then flow:action(rc.action); actions[rc.action] = true end
    declare(rc, what, flow.recall, { phase = rc.phase, action = rc.action, figures = rc.figures,
                                     on = rc.on, tiles = rc.tiles })
  end
  local function known_figure(d, what)
    if not decl.figure_index[d.figure] then
      error(("%s%s: unknown figure '%s'"):format(at(d), what, d.figure), 0)
    end
  end
  for _, m in ipairs(decl.meetings) do
    known_figure(m, "score_meeting")
    local placed = formula_terms(decl, m.figure, m.placed, "placed")
    local joined = formula_terms(decl, m.figure, m.joined, "joined")
    -- bonus terms for a leader with that figure there; a figure no loaded
    -- script declares (another expansion's) adds nothing
    for _, fig in ipairs(sorted_keys(m.bonus)) do
      if decl.figure_index[fig] then
        for _, t in ipairs(formula_terms(decl, m.figure, m.bonus[fig], "bonus")) do
          placed[#placed + 1] = { t[1], t[2], t[3], fig, t[5] }
          joined[#joined + 1] = { t[1], t[2], t[3], fig, t[5] }
        end
      end
    end
    declare(m, "score_meeting '" .. m.figure .. "'", flow.meet_scoring, m.figure, placed, joined, m.reason)
  end
  for _, fs in ipairs(decl.figure_scores) do
    known_figure(fs, "score_figure")
    local terms = formula_terms(decl, fs.figure, fs.final, "final")
    declare(fs, "score_figure '" .. fs.figure .. "'", flow.figure_scoring, fs.figure, "final", terms, fs.reason)
  end
  flow:freeze()
  local phases = {}
  for _, ph in ipairs(flow:phases()) do phases[ph] = true end
  for _, h in ipairs(decl.hooks) do
    for _, name in ipairs(h.figures or {}) do
      if not decl.figure_index[name] then
        error(("%sallow: unknown figure '%s' in figures"):format(at(h), name), 0)
      end
    end
    for _, name in ipairs(h.tiles or {}) do
      if not decl.tags[name] and not decl.attr_index[name] then
        error(("%s%s: '%s' in tiles is neither a tile tag nor an attribute"):format(at(h), h.kind, name), 0)
      end
    end
    for _, name in ipairs(h.attrs or {}) do
      if not decl.attr_index[name] then
        error(("%s%s: unknown attribute '%s' in attrs"):format(at(h), h.kind, name), 0)
      end
    end
    if h.kind == "collect" and not phases[h.phase] then
      error(("%s: collect: unknown phase '%s' (phases: %s)"):format(
        h.script, h.phase, table.concat(flow:phases(), ", ")), 0)
    end
  end

  -- Hooks, in a fixed order: priority, then load order of the script
  -- (so an expansion's hooks run after those of what it requires), then
  -- script name, then the order of declaration.
  table.sort(decl.hooks, function(a, b)
    if a.priority ~= b.priority then return a.priority < b.priority end
    if a.script_order ~= b.script_order then return a.script_order < b.script_order end
    if a.script ~= b.script then return a.script < b.script end
    return a.order < b.order
  end)

  return { decl = decl, rules = rules, flow = flow, pool = pool, files = decl.files,
           options = decl.options, hooks = decl.hooks }
end

-- }=====================================================================

-- {=====================================================================
-- Hooks at play time
-- ======================================================================

-- What a hook sees of a feature: plain fields, read once.
local function feature_view(fh)
  if not fh then return nil end
  local info = fh:info()
  info.handle = fh
  info.attrs = setmetatable({}, { __index = function(_, name) return fh:attr(name) end })
  return info
end

-- Each script's state lives in the game (a blob per script) so clone,
-- save, undo and replay carry it; hooks get it as a plain table.
local function serialize(v, out)
  local t = type(v)
  if t == "number" then
    out[#out + 1] = math.type(v) == "integer" and ("%d"):format(v) or ("%.17g"):format(v)
  elseif t == "string" then out[#out + 1] = ("%q"):format(v)
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif t == "table" then
    out[#out + 1] = "{"
    for _, k in ipairs(sorted_keys(v)) do
      out[#out + 1] = "["; serialize(k, out); out[#out + 1] = "]="; serialize(v[k], out); out[#out + 1] = ","
    end
    out[#out + 1] = "}"
  elseif v == nil then out[#out + 1] = "nil"
  else error("state cannot hold a " .. t, 0) end
end

function M.serialize_state(v)
  local out = {}
  serialize(v, out)
  return table.concat(out)
end

function M.deserialize_state(text)
  local f = load("return " .. text, "=state", "t", {})
  return f()
end

-- The dispatcher the flow calls for every hooked event. It builds the
-- hook's view of the moment, runs the script functions in their fixed
-- order under the sandbox budget, and folds their answers.
local function make_dispatcher(rs, host)
  local by_event = {}
  for _, h in ipairs(rs.hooks) do
    local key = h.event == "collect" and ("collect:" .. h.phase) or h.event
    by_event[key] = by_event[key] or {}
    table.insert(by_event[key], h)
  end
  local option_values = {}
  for _, d in ipairs(rs.options) do option_values[d.name] = d.value end

  -- script name -> blob slot for its state (declaration order)
  local state_slot, slots = {}, 0
  for _, s in ipairs(rs.decl.scripts) do
    if rs.decl.states[s.order] then slots = slots + 1; state_slot[s.order] = slots end
  end

  -- The decoded table of each state text seen last: while the stored
  -- text is unchanged the same table stands for it (hooks change the
  -- table, and save_state stores the new text), so a hook call parses
  -- nothing.
  local decoded = {}
  local function load_state(g, script)
    local slot = state_slot[script]
    if not slot then return nil end
    local text = g:blob(slot)
    local cached = decoded[slot]
    if cached and cached.text == text then return cached.value, text end
    local value
    if text then value = M.deserialize_state(text)
    else value = copy_plain(rs.decl.states[script], nil, "state") end
    decoded[slot] = { text = text, value = value }
    return value, text
  end

  local function save_state(g, script, value, before)
    local slot = state_slot[script]
    if not slot then return end
    local text = M.serialize_state(value)
    if text ~= before then
      g:set_blob(slot, text)
      decoded[slot] = { text = text, value = value }
    end
  end

  -- Runs one script hook with its own state table in ctx.state.
  local function run(h, ctx, g, ...)
    local st, before = load_state(g, h.script_id)
    ctx.state = st
    local r1, r2 = host.call(h.fn, ctx, ...)
    if st then save_state(g, h.script_id, st, before) end
    return r1, r2
  end

  -- What every ctx shares, made once: a hook call allocates only its
  -- ctx table.
  local function option(name) return option_values[name] end
  local ctx_methods = {
    score = function(self, player, points, reason, feature)
      local fh = feature and (feature.handle or feature) or nil
      self.game:score(player, points, reason or "bonus", fh)
    end,
  }
  -- The player, turn and part are read from the play when a hook first
  -- asks: most hooks look at one of them or none, and each is a C call.
  local ctx_lazy = {
    player = function(play) return play:player() end,
    turn = function(play) return play:turn() end,
    part = function(play) return play:part() end,
  }
  local ctx_mt = {
    __index = function(ctx, key)
      local read = ctx_lazy[key]
      if read then
        local v = read(rawget(ctx, "play"))
        rawset(ctx, key, v)
        return v
      end
      return ctx_methods[key]
    end,
  }

  local function make_ctx(play, g, args)
    return setmetatable({ game = g, play = play, phase = args.phase, option = option }, ctx_mt)
  end

  local inner
  -- The game's RNG is lent to math.random only while its hooks run.
  local function dispatch(name, args, play)
    local g = play:game()
    host.use_game(g)
    local ok, result = pcall(inner, name, args, play, g)
    host.use_game(nil)
    if not ok then error(result, 0) end
    return result
  end

  function inner(name, args, play, g)
    local key = name == "collect" and ("collect:" .. args.phase) or name
    local list = by_event[key]
    local result = {}
    if not list then return result end
    local ctx = make_ctx(play, g, args)
    if name == "feature_points" then
      local value, leaders = args.value, args.leaders
      local fv = feature_view(args.feature)
      fv.leaders, fv.when = leaders, args.when
      for _, h in ipairs(list) do
        local wanted = not h.attrs
        for _, a in ipairs(h.attrs or {}) do wanted = wanted or fv.attrs[a] ~= 0 end
        if wanted then
          local v, l = run(h, ctx, ctx.game, fv, value)
          if v ~= nil then value = math.tointeger(v) or error("feature_points must return an integer", 0) end
          if l ~= nil then leaders = l end
        end
      end
      result.value, result.leaders = value, leaders
    elseif name == "extra_part" then
      local value = nil
      for _, h in ipairs(list) do
        local v = run(h, ctx, ctx.game)
        if v ~= nil then value = v end
      end
      if value ~= nil then
        local stacks = rs.decl.stack_index
        if not stacks[value] then error("extra_part: unknown stack '" .. tostring(value) .. "'", 0) end
        result.value = stacks[value] - 1
      end
    elseif name == "allow_placements" or name == "allow_deploys" then
      local kept = {}
      for _, m in ipairs(args.moves) do
        local ok = true
        for _, h in ipairs(list) do
          if ok and (not h.figure_set or h.figure_set[m.figure])
             and run(h, ctx, ctx.game, m) == false then ok = false end
        end
        if ok then kept[#kept + 1] = m end
      end
      result.moves = kept
    elseif name == "collect" then
      local moves = args.moves
      local placed = false          -- the id of the tile placed in this part, read once
      for _, h in ipairs(list) do
        if h.tile_set and placed == false then
          local th = play:placed()
          placed = th and th:info().id or nil
        end
        if not h.tile_set or (placed and h.tile_set[placed]) then
          local extra = run(h, ctx, ctx.game)
          for _, m in ipairs(extra or {}) do moves[#moves + 1] = m end
        end
      end
      result.moves = moves
    elseif name == "apply" then
      for _, h in ipairs(list) do
        if run(h, ctx, ctx.game, args.move) == true then result.value = 1 end
      end
    else
      local fv = args.feature and feature_view(args.feature)
      if fv then fv.when = args.when end
      if name == "tile_drawn" then args.tile = play:tile() end
      local placed = name == "tile_placed" and args.tile_id
      for _, h in ipairs(list) do
        if not h.tile_set or (placed and h.tile_set[placed]) then
          run(h, ctx, ctx.game, fv or args.tile or args.move, args)
        end
      end
    end
    return result
  end

  -- The figure kinds the deploy vetoes look at, when every one of them
  -- says (`figures`): the flow then calls them only on turns that offer
  -- such a figure. nil: all kinds.
  local deploy_figures
  if by_event.allow_deploys then
    local union, all = {}, false
    for _, h in ipairs(by_event.allow_deploys) do
      if h.figures then
        h.figure_set = {}
        for _, f in ipairs(h.figures) do h.figure_set[f] = true; union[f] = true end
      else
        all = true
      end
    end
    if not all then deploy_figures = sorted_keys(union) end
  end

  -- Hooks about some tiles (`tiles`) or some features (`attrs`): each
  -- keeps the set of tile ids it is about, and when every hook of an
  -- event narrows, the flow gets the union and calls Lua only then.
  local decl = rs.decl
  local function tile_set(names)
    local want, set = {}, {}
    for _, n in ipairs(names) do want[n] = true end
    for _, entry in ipairs(rs.pool) do
      local t, hit = entry.tile, false
      for _, tag in ipairs(t.tags) do hit = hit or want[tag] or false end
      for _, sg in ipairs(t.segments) do
        for _, a in ipairs(sg.attrs) do hit = hit or (want[a.name] and a.value ~= 0) or false end
      end
      if hit then set[t.id] = true end
    end
    return set
  end
  local function split(union)
    local tags, attrs = {}, {}
    for _, n in ipairs(sorted_keys(union)) do
      if decl.tags[n] then tags[#tags + 1] = n end
      if decl.attr_index[n] then attrs[#attrs + 1] = n end
    end
    return { tags = tags, attrs = attrs }
  end
  -- the union of field over the hooks of list, or nil if one lacks it
  local function union_of(list, field)
    local union = {}
    for _, h in ipairs(list) do
      if not h[field] then return nil end
      for _, n in ipairs(h[field]) do union[n] = true end
    end
    return union
  end
  local filters = {}
  for _, key in ipairs(sorted_keys(by_event)) do
    for _, h in ipairs(by_event[key]) do
      if h.tiles then h.tile_set = tile_set(h.tiles) end
    end
  end
  if by_event.tile_placed then
    local union = union_of(by_event.tile_placed, "tiles")
    if union then filters.placed_tiles = split(union) end
  end
  local collect_union, filtered = {}, {}
  for _, key in ipairs(sorted_keys(by_event)) do
    local phase = key:match("^collect:(.*)$")
    local union = phase and union_of(by_event[key], "tiles")
    if union then
      filtered[#filtered + 1] = phase
      for n in pairs(union) do collect_union[n] = true end
    end
  end
  if #filtered > 0 then
    filters.collect_filtered, filters.collect_tiles = filtered, split(collect_union)
  end
  if by_event.feature_points then
    local union = union_of(by_event.feature_points, "attrs")
    if union then filters.points_attrs = sorted_keys(union) end
  end

  local names = {}
  for _, key in ipairs(sorted_keys(by_event)) do
    local event = key:match("^collect:") and "collect" or key
    if not names[event] then names[event] = true end
  end
  local hook_names = sorted_keys(names)
  local collect_phases = {}
  for _, key in ipairs(sorted_keys(by_event)) do
    local phase = key:match("^collect:(.*)$")
    if phase then collect_phases[#collect_phases + 1] = phase end
  end
  return dispatch, hook_names, collect_phases, deploy_figures, filters
end

-- }=====================================================================

-- A fresh game: the start tile placed, every stack filled and shuffled.
function M.new_game(rs, opts)
  local decl = rs.decl
  local players = opts.players or decl.players.default
  if players < decl.players.min or players > decl.players.max then
    error(("%s is for %d to %d players, not %d"):format(decl.game, decl.players.min, decl.players.max, players), 0)
  end
  local g = rs.rules:new_game{ players = players, seed = opts.seed or 1 }
  -- the start tiles leave the pool: count them per id
  local taken = {}
  for _, s in ipairs(decl.start or {}) do
    local id = s.tile
    if not id then
      for _, entry in ipairs(rs.pool) do
        for _, tag in ipairs(entry.tile.tags) do
          if tag == s.tag and not id and (taken[entry.tile.id] or 0) < entry.tile.count then
            id = entry.tile.id
          end
        end
      end
    end
    if not id then error("start: no tile tagged '" .. tostring(s.tag) .. "' left", 0) end
    g:place_fixed(id, s.at[1], s.at[2], s.rotation)
    taken[id] = (taken[id] or 0) + 1
  end
  for _, c in ipairs(decl.blocked) do g:block(c[1], c[2]) end
  local used = {}
  for _, entry in ipairs(rs.pool) do
    local n = entry.tile.count - (taken[entry.tile.id] or 0)
    if n > 0 then g:stack_add(entry.stack, entry.tile.id, n) end
    used[entry.stack] = true
  end
  -- opts.shuffle = false leaves the stacks in order, for a template that
  -- is later cloned, reseeded and shuffled (flow:simulate).
  local shuffled = {}
  for _, s in ipairs(decl.stacks) do
    if used[s] then
      shuffled[#shuffled + 1] = s
      if opts.shuffle ~= false then g:shuffle(s) end
    end
  end
  return g, shuffled
end

-- Random games in C from a prepared position; see flow:simulate.
function M.simulate(rs, opts)
  local templ, stacks = M.new_game(rs, { players = opts.players, seed = 0, shuffle = false })
  rs.dispatch = rs.dispatch or { make_dispatcher(rs, opts.host or meeple_host) }
  local f = rs.dispatch[5]
  return rs.flow:simulate(templ, { games = opts.games, seed = opts.seed or 1, stacks = stacks,
                                   results = opts.results, jobs = opts.jobs, hooks = rs.dispatch[2],
                                   collect_phases = rs.dispatch[3], deploy_figures = rs.dispatch[4],
                                   dispatch = rs.dispatch[1], progress = opts.progress,
                                   placed_tiles = f.placed_tiles, collect_tiles = f.collect_tiles,
                                   collect_filtered = f.collect_filtered, points_attrs = f.points_attrs })
end

-- A game in play, started and waiting for its first move. opts: players,
-- seed, agent_seed, first_player (default 1), start (default true), setup
-- (default true: the start
-- tile and the shuffled stacks; false gives an empty board and stacks).
function M.new_play(rs, opts)
  local g
  if opts.setup == false then
    g = rs.rules:new_game{ players = opts.players or rs.decl.players.default, seed = opts.seed or 1 }
  else
    g = M.new_game(rs, opts)
  end
  rs.dispatch = rs.dispatch or { make_dispatcher(rs, opts.host or meeple_host) }
  local f = rs.dispatch[5]
  local play = rs.flow:new_play(g, { hooks = rs.dispatch[2], dispatch = rs.dispatch[1],
                                     collect_phases = rs.dispatch[3], deploy_figures = rs.dispatch[4],
                                     agent_seed = opts.agent_seed or opts.seed or 1,
                                     placed_tiles = f.placed_tiles, collect_tiles = f.collect_tiles,
                                     collect_filtered = f.collect_filtered, points_attrs = f.points_attrs })
  -- start = false leaves the play before its first turn, so a scenario
  -- can lay out a position (g:place_fixed, g:deploy, g:force) first.
  if opts.start ~= false then play:start(opts.first_player) end
  return play
end

return M
