-- meeple.loader.api: the declaration API a script sees (kind, figure,
-- score, hook, ...). Each call checks its arguments and records the
-- declaration in `decl`; meeple.loader.build turns the records into C.
-- Trusted host code: scripts see only the functions make_api returns.
--
-- Invariant: one builder per declaration, in DECLARATIONS (here: the
-- board, figures and scoring), meeple.loader.api_caps (the
-- capabilities) or meeple.loader.dispatch (the hooks); builder(c) returns the function the script calls, with
-- c = { decl, script, cli_options, state }. The script calls that
-- function directly, so error levels 2 and 3 name the script's line.

local meeple = require "meeple"
local common = require "meeple.loader.common"
local declare = require "meeple.loader.declare"
local api_version = require "meeple.loader.api_version"
local files = require "meeple.files"
local caps = require "meeple.loader.api_caps"
local hooks = require "meeple.loader.dispatch"
local sorted_keys, coerce = common.sorted_keys, common.coerce
local check = require("meeple.loader.schema").check
local check_loading, checkname, named = declare.check_loading, declare.checkname, declare.named
local groups_mask, is_name_list = declare.groups_mask, declare.is_name_list

local M = {}

local function new_decl()
  return {
    game = nil, title = nil, players = { min = 2, max = 6, default = 2 },
    scripts = {},            -- { name, path, hash }
    kinds = {}, kind_index = {},
    matches = {},            -- { a, b, mode, at = }
    attrs = {}, attr_index = {},
    tile_sets = {},          -- { name, file, stack }
    start = nil,
    stacks = {}, stack_index = {}, stack_at = {}, draw_stack = nil,
    figures = {}, figure_index = {},
    groups = {}, group_bit = {},
    options = {}, option_index = {},
    scores = {},             -- kind -> { closed=, final=, keep_figures=, reason=, final_reason= }
    phases = {}, actions = {}, actions_at = {},
    action_args = {},        -- action name -> its argument names (none: positional)
    hooks = {},              -- { event, fn, priority, script, order }
    reasons = {}, reasons_at = {}, -- extra score reasons, in order
    blocked = {},            -- cells that never take a tile: { x, y, at = }
    regions = {},            -- { x0, y0, x1, y1, at = } rectangles (nil: open side)
    line_markers = nil,      -- line_markers: { figure =, spec =, at = }
    hand_tile = nil,         -- hand_tile: { tile =, token =, end_round =, decline = }
    score_figures = {},      -- score_figure: { figure =, final =, reason = }
    touches = {},            -- touches: { tile =, groups = }
    score_meetings = {},     -- score_meeting: { figure =, placed =, joined =, bonus =, reason = }
    companion = nil,         -- companion: { figure =, action =, follows =, ... }
    walker = nil,            -- walker: { figure =, lands =, walks =, steps =, phase =, ... }
    deploy_anywhere = nil,   -- deploy_anywhere: { action =, figures =, tiles = }
    evict = nil,             -- evict: { action =, figures =, tiles =, attr = }
    square_counts = {},      -- square_count: { attr =, kinds =, scorers =, figures =, of_attr =, tiles =, segments =, unless =, reason = }
    records = {},            -- record: { counter =, kind =, reason =, each_closed =, final_each =, final = }
    split_occupancy = nil,   -- split_occupancy: { action =, figure =, attr = }
    tile_variants = nil,     -- tile_variants: { pairs =, counter =, limit = }
    token_pool = nil,        -- token_pool: { figure =, stack =, phase =, grow =, cash =, value =, bust =, reason = }
    move_anywhere = nil,     -- move_anywhere: { action =, phase =, figures =, on =, tiles =, marks = }
    pairing = nil,           -- pairing: { a =, b =, rival = }
    recalls = {},            -- recall: { action =, phase =, figures =, on =, tiles = }
    counters = {}, counters_at = {},
    gains = {}, majorities = {}, extra_parts = {},
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

local D = {}   -- declaration name -> builder(c)

-- game { players = { min =, max =, default = } } (checked against the
-- schema, defaults filled in): player counts the kernel allows.
local function game_players(name, p)
  local pl = { min = p.min, max = p.max, default = p.default or p.min }
  for _, k in ipairs({ "min", "max", "default" }) do
    if math.type(pl[k]) ~= "integer" or pl[k] < 1 or pl[k] > meeple.MAX_PLAYERS then
      error(("game '%s': players.%s must be an integer from 1 to %d, got %s"):format(
        name, k, meeple.MAX_PLAYERS, tostring(pl[k])), 3)
    end
  end
  if not (pl.min <= pl.default and pl.default <= pl.max) then
    error(("game '%s': players needs min <= default <= max"):format(name), 3)
  end
  return pl
end

function D.game(c)
  local decl = c.decl
  return function(name)
    check_loading(c.state, "game")
    checkname("game", name)
    if decl.game then error(("game: '%s' is already the game; use expansion for '%s'"):format(decl.game, name), 2) end
    decl.game = name
    return function(spec)
      spec = spec or {}
      if type(spec) ~= "table" then error(("game '%s': table expected, got %s"):format(name, type(spec)), 2) end
      spec = check("game", spec, ("game '%s'"):format(name), 2, name)
      if spec.api ~= nil then api_version.declare(c.script, spec.api, 2) end
      decl.title = spec.title
      if spec.players then decl.players = game_players(name, spec.players) end
    end
  end
end

function D.expansion(c)
  local decl, script = c.decl, c.script
  return function(name)
    check_loading(c.state, "expansion")
    checkname("expansion", name)
    script.expansion = name
    return function(spec)
      if spec ~= nil and type(spec) ~= "table" then
        error(("expansion '%s': table expected, got %s"):format(name, type(spec)), 2)
      end
      spec = check("expansion", spec or {}, ("expansion '%s'"):format(name), 2, name)
      if spec.api ~= nil then api_version.declare(script, spec.api, 2) end
      for _, req in ipairs(spec.requires or {}) do
        if req ~= decl.game and not decl.loaded_names[req] then
          error(("expansion '%s' requires '%s', which is not loaded"):format(name, req), 2)
        end
      end
    end
  end
end

-- api "2": the script API the script is written for (meeple.loader.api_version)
function D.api(c)
  return function(v)
    check_loading(c.state, "api")
    api_version.declare(c.script, v, 2)
  end
end

-- how pictures draw the kind: colour = "#rrggbb" and a shape (its
-- schema lists them; meeple.render_board draws them); optional
local function kind_drawing(name, spec)
  local colour, shape = spec.colour or spec.color, spec.shape
  if colour == nil and shape == nil then return nil end
  if colour ~= nil and not colour:match("^#%x%x%x%x%x%x$") then
    error(("kind '%s': colour must be \"#rrggbb\", got %s"):format(name, tostring(colour)), 4)
  end
  return { colour = colour, shape = shape }
end

function D.kind(c)
  local decl = c.decl
  return named(c.state, "kind", function(name, spec, pos)
    if decl.kind_index[name] then error(("kind '%s' is already declared"):format(name), 3) end
    decl.kinds[#decl.kinds + 1] = { name = name, closes = spec.closes, wildcard = spec.wildcard,
                                    at = pos, draw = kind_drawing(name, spec) }
    decl.kind_index[name] = #decl.kinds
  end)
end

function D.match(c)
  local decl = c.decl
  return function(a, b, mode)
    check_loading(c.state, "match")
    mode = mode or "join"
    if mode ~= "join" and mode ~= "match" and mode ~= "none" then
      error("bad argument #3 to 'match' (join, match or none expected)", 2)
    end
    decl.matches[#decl.matches + 1] = { a, b, mode, at = declare.script_line(c) }
  end
end

function D.attribute(c)
  local decl = c.decl
  return named(c.state, "attribute", function(name, spec, pos)
    local earlier = decl.attrs[decl.attr_index[name] or 0]
    if earlier then
      -- Two expansions that print the same thing (an inn) each declare it,
      -- so either loads alone; the same merge is one attribute, shared.
      local merge, was = spec.merge or "sum", earlier.merge or "sum"
      if merge == was then return end
      error(("attribute '%s' is already declared with merge = \"%s\"%s; "
        .. "a second declaration must say the same"):format(name, was,
        earlier.at and (" at " .. tostring(earlier.at)) or ""), 3)
    end
    decl.attrs[#decl.attrs + 1] = { name = name, merge = spec.merge, at = pos }
    decl.attr_index[name] = #decl.attrs
  end)
end

-- a tile file the host will read: checked now, so the message has the line
local function check_tile_file(name)
  local ok, why = files.check_name(name)
  if not ok then error(("tiles '%s': %s"):format(tostring(name), why), 3) end
end

-- tiles "base"  |  tiles { file = "x.tiles" }  |  tiles { text = [[...]] }
function D.tiles(c)
  local decl, script = c.decl, c.script
  return function(arg)
    check_loading(c.state, "tiles")
    local _, where = pcall(error, "@", 3)
    local entry = { script = script, stack = nil, at = declare.where(where) }
    local function finish(spec)
      if spec ~= nil and type(spec) ~= "table" then
        error(("tiles '%s': table expected, got %s"):format(entry.name, type(spec)), 2)
      end
      spec = check("tiles", spec or {}, ("tiles '%s'"):format(entry.name), 2)
      for _, key in ipairs({ "file", "text", "name" }) do -- the set's name says those
        if spec[key] ~= nil then
          error(("tiles '%s': %s goes in tiles { %s = ... }, not after a set name"):format(entry.name, key, key), 2)
        end
      end
      entry.stack, entry.by_tag = spec.stack, spec.by_tag
      return entry
    end
    if type(arg) == "string" then
      check_tile_file(arg)
      if arg:find("..", 1, true) then
        error(("tiles '%s': '..' is not allowed in a tile set name (tiles { file = ... } takes a path)"):format(arg), 2)
      end
      entry.name = arg
      decl.tile_sets[#decl.tile_sets + 1] = entry
      return finish
    elseif type(arg) == "table" then
      arg = check("tiles", arg, "tiles", 2)
      entry.file, entry.text, entry.stack, entry.by_tag = arg.file, arg.text, arg.stack, arg.by_tag
      entry.name = arg.name or arg.file or "inline"
      if entry.file ~= nil then check_tile_file(entry.file) end
      decl.tile_sets[#decl.tile_sets + 1] = entry
      return entry
    end
    error("bad argument #1 to 'tiles' (set name or table expected)", 2)
  end
end

-- One entry of start: checked, then { tag, tile, at, rotation, where }.
local function start_entry(i, s, where)
  if type(s) ~= "table" or not (s.tag or s.tile) then
    error(("start: entry %d needs a tile or a tag"):format(i), 4)
  end
  s = check("start", s, ("start: entry %d"):format(i), 4)
  local at = s.at
  if math.type(at[1]) ~= "integer" or math.type(at[2]) ~= "integer" then
    error(("start: entry %d: at must be { x, y } with integers"):format(i), 4)
  end
  if s.rotation < 0 or s.rotation > 3 then
    error(("start: entry %d: rotation must be 0, 1, 2 or 3"):format(i), 4)
  end
  return { tag = s.tag, tile = s.tile, at = at, rotation = s.rotation, where = where }
end

-- start { tag = "start", at = {0, 0}, rotation = 0 } lays one start
-- tile (found by tag, or `tile = id`); a list of such tables lays a
-- whole start board. Each tile laid this way leaves the draw pool.
function D.start(c)
  local decl = c.decl
  return declare.table_arg(c, "start", "table", function(spec, where)
    local list = spec[1] and spec or { spec }
    spec = check("start", spec, "start", 3) -- a list's own keys: replace, replaced
    if decl.start and not spec.replace then
      error(("start: %s already lays the start; an expansion that lays another says replace = true"):format(
        decl.start_by or "an earlier script"), 3)
    end
    if decl.start and spec.replaced == "out" then
      -- the replaced start tiles leave the game instead of their stacks' shuffle
      decl.start_out = decl.start_out or {}
      for _, s in ipairs(decl.start) do decl.start_out[#decl.start_out + 1] = s end
    end
    decl.start_by = where or c.script.path
    decl.start = {}
    for i, s in ipairs(list) do
      decl.start[i] = start_entry(i, s, where)
    end
  end)
end

-- blocked { {x, y}, ... }: cells that never take a tile (the edges of a
-- start board).
function D.blocked(c)
  local decl = c.decl
  return declare.table_arg(c, "blocked", "list of {x, y}", function(cells, where)
    for i, cell in ipairs(cells) do
      if type(cell) ~= "table" or math.type(cell[1]) ~= "integer" or math.type(cell[2]) ~= "integer" then
        error(("blocked: entry %d is not {x, y}"):format(i), 3)
      end
      decl.blocked[#decl.blocked + 1] = { cell[1], cell[2], at = where or c.script.path }
    end
  end)
end

-- One axis of blocked_region: {min, max} with either bound optional.
local function region_range(axis, range)
  for j, v in pairs(range) do   -- any bad entry fails; which one is reported does not matter
    if (j ~= 1 and j ~= 2) or math.type(v) ~= "integer" then
      error(("blocked_region: %s bounds must be integers {min, max}"):format(axis), 4)
    end
  end
  if range[1] and range[2] and range[1] > range[2] then
    error(("blocked_region: %s range %d..%d is empty"):format(axis, range[1], range[2]), 4)
  end
end

-- blocked_region { x = {min, max}, y = {min, max} }: every cell in the
-- rectangle never takes a tile. A missing bound (or a missing axis)
-- leaves that side open, so a half-plane is one declaration.
function D.blocked_region(c)
  local decl = c.decl
  return declare.table_arg(c, "blocked_region", "{x = {min, max}, y = {min, max}}", function(spec, where)
    spec = check("blocked_region", spec, "blocked_region", 3)
    local box = { at = where or c.script.path }
    for i, axis in ipairs({ "x", "y" }) do
      local range = spec[axis]
      if range ~= nil then
        region_range(axis, range)
        box[i], box[i + 2] = range[1], range[2]
      end
    end
    decl.regions[#decl.regions + 1] = box
  end)
end

function D.stack(c)
  local decl = c.decl
  return named(c.state, "stack", function(name, spec, pos)
    if not decl.stack_index[name] then
      decl.stacks[#decl.stacks + 1] = name
      decl.stack_index[name], decl.stack_at[name] = #decl.stacks, pos
    end
    if spec.draw and decl.draw_stack and decl.draw_stack ~= name then
      -- a second draw stack would pull the game's tiles into it unseen
      error(("stack '%s': '%s' is already the draw stack; to play '%s' first, declare "
             .. "stack_order { \"%s\", \"%s\" }"):format(name, decl.draw_stack, name, name, decl.draw_stack), 3)
    end
    if spec.draw then decl.draw_stack = name end
    if spec.turns ~= nil and spec.joins == nil then
      error(("stack '%s': turns needs joins (the kind whose chain turns)"):format(name), 3)
    end
    if spec.set_aside ~= nil then
      if spec.draw or #spec.set_aside == 0 then
        error(("stack '%s': set_aside needs a list of tile tags or attributes, on a stack that is not the draw stack"):format(name), 3)
      end
      decl.stack_set_aside = decl.stack_set_aside or {}
      decl.stack_set_aside[#decl.stack_set_aside + 1] = { stack = name, set_aside = spec.set_aside, at = pos }
    end
    if spec.joins ~= nil then
      decl.stack_joins = decl.stack_joins or {}
      decl.stack_joins[#decl.stack_joins + 1] = { stack = name, kind = spec.joins, at = pos, turns = spec.turns }
    end
  end)
end

-- stack_order { "river", "main" }: each turn draws from the first of
-- these stacks that still holds a tile; the last is the draw stack.
function D.stack_order(c)
  local decl = c.decl
  return function(list)
    check_loading(c.state, "stack_order")
    if not (type(list) == "table" and #list >= 1 and is_name_list(list)) then
      error("bad argument #1 to 'stack_order' (a list of stack names expected)", 2)
    end
    decl.stack_order = { list = table.move(list, 1, #list, 1, {}), at = declare.script_line(c) }
  end
end

local function new_figure(decl, name, spec, pos)
  return {
    name = name, per_player = spec.per_player, neutral = spec.neutral,
    on = spec.on, group = groups_mask(decl, spec.group),
    blocked_by = groups_mask(decl, spec.blocked_by), needs_own = groups_mask(decl, spec.needs_own),
    blocks = groups_mask(decl, spec.blocks),
    strength = math.type(spec.strength) == "integer" and spec.strength or 0,
    strength_attr = type(spec.strength) == "string" and spec.strength or nil,
    stays = spec.stays, at = pos,
    blocked_across = spec.blocked_across,
    corner = spec.corner,
    blocks_tile = spec.blocks_tile,
    to_tile = spec.to_tile,
    relocate = spec.relocate,
    shape = spec.shape, -- how pictures draw it
  }
end

function D.figure(c)
  local decl = c.decl
  return named(c.state, "figure", function(name, spec, pos)
    if decl.figure_index[name] then error(("figure '%s' is already declared"):format(name), 3) end
    if spec.relocate and not spec.stays then
      error(("figure '%s': a figure that relocates after scoring must stay (stays = true)"):format(name), 3)
    end
    local fig = new_figure(decl, name, spec, pos)
    decl.figures[#decl.figures + 1] = fig
    decl.figure_index[name] = #decl.figures
  end)
end

-- option "name" { values=, default=, doc= } declares and returns the
-- value in force; option "name" alone reads it.
function D.option(c)
  local decl, script, cli_options, state = c.decl, c.script, c.cli_options, c.state
  return function(name)
    checkname("option", name)
    local existing = decl.option_index[name]
    if existing then return decl.options[existing].value end
    check_loading(state, "option")
    return function(spec)
      if type(spec) ~= "table" or spec.default == nil then
        error(("option '%s' needs a default"):format(name), 2)
      end
      spec = check("option", spec, ("option '%s'"):format(name), 2, name)
      local d = { name = name, values = spec.values, default = spec.default, doc = spec.doc,
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
end

function D.score(c)
  local decl = c.decl
  return named(c.state, "score", function(kind, spec, pos)
    decl.scores[kind] = { at = pos,
      closed = spec.closed, final = spec.final, keep_figures = spec.keep_figures,
      reason = spec.reason, final_reason = spec.final_reason or spec.reason,
    }
  end)
end

function D.phase(c)
  local decl = c.decl
  return named(c.state, "phase", function(name, spec, pos)
    decl.phases[#decl.phases + 1] = { name = name, after = spec.after, at = pos }
  end)
end

-- `action "name"`: a custom move type whose moves carry four positional
-- integers (the legacy form); `action "name" { args = { "x", "y" } }`:
-- its moves carry those named arguments (args.x), in that order in text.
local function check_arg_names(name, args)
  if #args > 4 then error(("action '%s': at most 4 argument names, got %d"):format(name, #args), 3) end
  local seen = {}
  for i, a in ipairs(args) do
    if not a:match("^[%a_][%w_]*$") or #a > 47 then
      error(("action '%s': args[%d] must be a name (letters, digits, _), got '%s'"):format(name, i, a), 3)
    end
    if seen[a] then error(("action '%s': argument '%s' is named twice"):format(name, a), 3) end
    seen[a] = true
  end
end

function D.action(c)
  local decl = c.decl
  return function(name)
    declare.check_loading(c.state, "action")
    declare.checkname("action", name)
    if decl.actions_at[name] then error(("action '%s' is already declared"):format(name), 2) end
    decl.actions[#decl.actions + 1] = name
    decl.actions_at[name] = declare.script_line(c)
    return function(spec)
      if type(spec) ~= "table" then
        error(("bad argument #1 to 'action \"%s\"' (table expected, got %s)"):format(name, type(spec)), 2)
      end
      spec = check("action", spec, ("action '%s'"):format(name), 2, name)
      if spec.args then check_arg_names(name, spec.args) end
      decl.action_args[name] = spec.args
    end
  end
end

-- reason "goods": a name for points in the ledger.
function D.reason(c) return declare.name_list(c, "reason", "reasons", false) end

-- state { ... } declares this script's own part of the game state.
function D.state(c)
  local decl, script = c.decl, c.script
  return function(default)
    check_loading(c.state, "state")
    decl.states[script.order] = copy_plain(default or {}, nil, "state")
  end
end

-- on / allow / transform / collect are meeple.loader.dispatch's, with
-- the rest of a hook's way to the flow.
for _, more in ipairs({ caps.DECLARATIONS, hooks.DECLARATIONS }) do
  for name, builder in pairs(more) do
    assert(not D[name], name)
    D[name] = builder
  end
end
M.DECLARATIONS = D

-- The functions one script sees: each declaration bound to this load.
local function make_api(decl, script, cli_options, state)
  local c = { decl = decl, script = script, cli_options = cli_options, state = state }
  local api = {}
  for name, builder in pairs(D) do api[name] = builder(c) end
  return api
end

M.new_decl, M.copy_plain, M.make_api = new_decl, copy_plain, make_api

return M
