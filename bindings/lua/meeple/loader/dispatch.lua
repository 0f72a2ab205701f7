-- meeple.loader.dispatch: a hook's way from the script to the flow, the
-- Lua half of it in one module. A script's on / allow / transform /
-- collect (event, fn, opts) is checked and recorded (DECLARATIONS,
-- which meeple.loader.api shows the script); once every script ran the
-- names it narrows to are checked and the hooks put in a fixed order
-- (finish); at play time make_dispatcher builds the hook plan, the
-- function the flow calls for every hooked event and the tables that
-- say which events, phases, figures and tiles have hooks and which C
-- route (bindings/hooks/) calls them, and new_play / simulate hand that
-- plan to flow:new_play / flow:simulate (docs/architecture.md, "Hook
-- path", counts the files a hook crosses).
--
-- Invariant: the hooks of an event run in the order finish sorted
-- them; each runs with a read-only ctx whose state is its script's
-- own live state table for this game (meeple.loader.state_live: decoded
-- from the game's blob once, then changed in place with an undo log, and
-- written back only when someone reads the blob); one handler per event
-- kind (EVENTS) folds their answers into the result table the flow reads.
-- Plain notifications may instead be called by the flow itself
-- (direct_calls, bindings/hooks/hook_direct.c), with the same ctx and state.

local common = require "meeple.loader.common"
local declare = require "meeple.loader.declare"
local state_live = require "meeple.loader.state_live"
local sorted_keys = common.sorted_keys
local check = require("meeple.loader.schema").check
local check_loading, is_name_list = declare.check_loading, declare.is_name_list
-- "file:line: " of a declaration, for the messages of finish
local where_of = require("meeple.loader.formula").at
-- every table a hook gets as an argument is a read-only view
local freeze_mod = require "meeple.loader.freeze"
local freeze, retarget = freeze_mod.freeze, freeze_mod.retarget

local M = {}

-- {==================================================================
-- The declaration: on, allow, transform, collect
-- ==================================================================

-- The events each kind of hook names, as the script says them ->
-- the flow's event.
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

-- The internal event of `kindname` (on, allow, ...) event, or an error.
local function hook_event(kindname, events, event)
  if kindname == "collect" then return "collect" end
  local internal = events[event]
  if not internal then
    local names = sorted_keys(events)
    error(("%s: unknown event '%s' (one of: %s)"):format(kindname, event, table.concat(names, ", ")), 3)
  end
  return internal
end

-- The narrowing options a hook takes (figures, tiles, attrs, kinds), checked
-- against the event they narrow; level 3 is the script's call.
local function check_hook_narrowing(kindname, internal, opts)
  local figures, tiles, attrs, stacks = opts.figures, opts.tiles, opts.attrs, opts.stack
  if figures ~= nil then
    if internal ~= "allow_deploys" and internal ~= "figure_placed" then
      error(("%s: 'figures' only narrows allow(\"figure_placement\", ...) and on(\"figure_placed\", ...)"):format(kindname), 3)
    end
    if not is_name_list(figures) then error(("%s: 'figures' must be a list of figure names"):format(kindname), 3) end
  end
  if tiles ~= nil and internal ~= "tile_placed" and internal ~= "collect" and internal ~= "allow_placements" then
    error(("%s: 'tiles' only narrows on(\"tile_placed\", ...), allow(\"tile_placement\", ...) and collect(...)"):format(kindname), 3)
  end
  if stacks ~= nil and internal ~= "allow_placements" then
    error(("%s: 'stack' only narrows allow(\"tile_placement\", ...)"):format(kindname), 3)
  end
  if attrs ~= nil and internal ~= "feature_points" then
    error(("%s: 'attrs' only narrows transform(\"feature_points\", ...)"):format(kindname), 3)
  end
  if opts.kinds ~= nil and internal ~= "feature_points" then
    error(("%s: 'kinds' only narrows transform(\"feature_points\", ...)"):format(kindname), 3)
  end
  if opts.ties and internal ~= "feature_points" then
    error(("%s: 'ties' only narrows transform(\"feature_points\", ...)"):format(kindname), 3)
  end
  if type(stacks) == "string" then stacks = { stacks } end
  for _, pair in ipairs({ { "tiles", tiles, "tags or attributes" }, { "attrs", attrs, "attributes" },
                          { "kinds", opts.kinds, "kinds" },
                          { "stack", stacks, "stack names" } }) do
    if not is_name_list(pair[2], true) then
      error(("%s: '%s' must be a list of %s"):format(kindname, pair[1], pair[3]), 3)
    end
  end
end

-- on / allow / transform / collect (event, fn, opts)
local function hook(c, kindname, events)
  local decl, script = c.decl, c.script
  return function(event, fn, opts)
    check_loading(c.state, kindname)
    if type(event) ~= "string" then error(("bad argument #1 to '%s' (event name expected)"):format(kindname), 2) end
    if type(fn) ~= "function" then error(("bad argument #2 to '%s' (function expected, got %s)"):format(kindname, type(fn)), 2) end
    local internal = hook_event(kindname, events, event)
    opts = opts or {}
    if type(opts) ~= "table" then error(("bad argument #3 to '%s' (table expected, got %s)"):format(kindname, type(opts)), 2) end
    opts = check("hook", opts, ("%s '%s'"):format(kindname, event), 2)
    check_hook_narrowing(kindname, internal, opts)
    -- the script's line, for the figure names checked once every script ran
    local _, m = pcall(error, "@", 3)
    decl.hooks[#decl.hooks + 1] = {
      kind = kindname, event = internal, phase = kindname == "collect" and event or nil,
      fn = fn, priority = opts.priority, script = script.name, script_id = script.order,
      script_order = script.order, order = #decl.hooks + 1, figures = opts.figures, at = declare.where(m),
      tiles = opts.tiles, attrs = opts.attrs, kinds = opts.kinds, ties = opts.ties or nil,
      stacks = type(opts.stack) == "string" and { opts.stack } or opts.stack,
    }
  end
end
local D = {}   -- declaration name -> builder(c), as in meeple.loader.api
function D.on(c) return hook(c, "on", HOOK_KINDS.on) end
function D.allow(c) return hook(c, "allow", HOOK_KINDS.allow) end
function D.transform(c) return hook(c, "transform", HOOK_KINDS.transform) end
function D.collect(c) return hook(c, "collect", {}) end
M.DECLARATIONS = D

-- The names hooks narrow to (figures, tiles, attrs, kinds, collect's phase)
-- exist once every script ran.
local function check_hook(decl, h, phases, flow)
  for _, name in ipairs(h.figures or {}) do
    if not decl.figure_index[name] then
      error(("%s%s: unknown figure '%s' in figures"):format(where_of(h), h.kind, name), 0)
    end
  end
  for _, name in ipairs(h.tiles or {}) do
    if not decl.tags[name] and not decl.attr_index[name] and not decl.kind_index[name] then
      error(("%s%s: '%s' in tiles is no tile tag, attribute or kind"):format(where_of(h), h.kind, name), 0)
    end
  end
  for _, name in ipairs(h.stacks or {}) do
    if not decl.stack_index[name] then
      error(("%s%s: unknown stack '%s' in stack"):format(where_of(h), h.kind, name), 0)
    end
  end
  for _, name in ipairs(h.attrs or {}) do
    if not decl.attr_index[name] then
      error(("%s%s: unknown attribute '%s' in attrs"):format(where_of(h), h.kind, name), 0)
    end
  end
  for _, name in ipairs(h.kinds or {}) do
    if not decl.kind_index[name] then
      error(("%s%s: unknown kind '%s' in kinds"):format(where_of(h), h.kind, name), 0)
    end
  end
  if h.kind == "collect" and not phases[h.phase] then
    error(("%scollect: unknown phase '%s' (phases: %s)"):format(
      where_of(h), h.phase, table.concat(flow:phases(), ", ")), 0)
  end
end

-- Hooks, in a fixed order: priority, then load order of the script
-- (so an expansion's hooks run after those of what it requires), then
-- script name, then the order of declaration.
local function hook_order(a, b)
  if a.priority ~= b.priority then return a.priority < b.priority end
  if a.script_order ~= b.script_order then return a.script_order < b.script_order end
  if a.script ~= b.script then return a.script < b.script end
  return a.order < b.order
end

-- Once every script ran (meeple.loader.build): the names each hook
-- narrows to are checked, and the hooks sorted into their fixed order.
function M.finish(decl, flow)
  local phases = {}
  for _, ph in ipairs(flow:phases()) do phases[ph] = true end
  for _, h in ipairs(decl.hooks) do check_hook(decl, h, phases, flow) end
  table.sort(decl.hooks, hook_order)
end

-- }==================================================================

-- {==================================================================
-- Play time: the hook plan
-- ==================================================================

-- The hooks by event key ("collect:<phase>" for collect), in order.
local function group_hooks(hooks)
  local by_event = {}
  for _, h in ipairs(hooks) do
    local key = h.event == "collect" and ("collect:" .. h.phase) or h.event
    by_event[key] = by_event[key] or {}
    table.insert(by_event[key], h)
  end
  return by_event
end

-- The scripts' state tables: one blob slot per script that declared
-- state, in declaration order, each seen as its live table
-- (meeple.loader.state_live). Returns load(g, script). Each hook record
-- gets its script's slot (state_slot, nil: no state) for the C reader of
-- ctx.state (bindings/hooks/ctx_fields.c).
local function state_store(decl, hooks)
  local state_slot, slots = {}, 0
  for _, s in ipairs(decl.scripts) do
    if decl.states[s.order] then slots = slots + 1; state_slot[s.order] = slots end
  end
  for _, h in ipairs(hooks) do h.state_slot = state_slot[h.script_id] end
  return function(g, script)
    local slot = state_slot[script]
    if not slot then return nil end
    return state_live.load(g, slot, decl.states[script])
  end
end

-- A state error names the hook's script line: the host found it, but
-- the script made it.
local function at(h, msg) return ("%s: %s"):format(h.at or h.script, msg) end

-- Key of a ctx's fields that scripts cannot name: the running hook.
local HOOK = setmetatable({}, { __name = "hook" })
-- In a direct call's fields (hook_direct.c): a function that tells it a
-- hook read a lazy field, so that it clears them before the next hook.
local LAZY = setmetatable({}, { __name = "lazy" })
-- fields table -> the state loader of its dispatcher
local loader_of = setmetatable({}, { __mode = "k" })

-- What every ctx shares, made once.
local ctx_methods = {
  -- a refusal (a score beyond its limit, a bad player) names the
  -- script's line that called ctx:score, not this one: called through
  -- pcall, g:score's message carries no location of its own
  score = function(self, player, points, reason, feature)
    -- a handle raises for a field it lacks: only a table (script API 1's
    -- feature) is asked for its handle
    local fh = feature
    if type(feature) == "table" then fh = feature.handle or feature end
    local g = self.game
    local ok, err = pcall(g.score, g, player, points, reason or "bonus", fh)
    if not ok then error(err, 2) end
  end,
}
-- The player, turn and part are read from the play when a hook first
-- asks: most hooks look at one of them or none, and each is a C call.
-- So is the running hook's state: a hook that never reads ctx.state
-- neither decodes nor stores it.
local ctx_lazy = {
  player = function(fields) return rawget(fields, "play"):player() end,
  turn = function(fields) return rawget(fields, "play"):turn() end,
  part = function(fields) return rawget(fields, "play"):part() end,
  state = function(fields)
    local h = rawget(fields, HOOK)
    if not h then return nil end
    local ok, st = pcall(loader_of[fields], rawget(fields, "game"), h.script_id)
    if not ok then error(at(h, st), 0) end
    return st
  end,
}
-- The real host reads them in C (bindings/hooks/ctx_fields.c): the player,
-- turn and part afresh on every read (keeping them would cost more:
-- LAZY's call, and clearing them before the next hook), the state kept
-- in the fields until another hook or game is named there (run and
-- kit.make clear it) or state_live drops the game's state: this Lua
-- reader would run inside the hook's sandboxed call, where each of its
-- VM instructions pays the budget's count hook.
local real_host = rawget(_G, "meeple_host")
local fields_mt = {
  __index = real_host and real_host.ctx_index and state_live.live
    and real_host.ctx_index(ctx_methods, ctx_lazy, HOOK, state_live.live, state_live.ROOT,
                            state_live.holders)
    or function(fields, key)
      local read = ctx_lazy[key]
      if read then
        local v = read(fields)
        rawset(fields, key, v)
        local mark = rawget(fields, LAZY)
        if mark then mark() end
        return v
      end
      return ctx_methods[key]
    end,
}
local function refuse_write(_, key)
  error("ctx is read-only (cannot set '" .. tostring(key) .. "'); keep data in ctx.state", 2)
end

-- A hook sees ctx, an empty proxy: reads go to the fields table, writes
-- raise, and getmetatable(ctx) gives false, so one hook cannot change
-- what the next one sees. One proxy serves every dispatch that is not
-- nested in another (kit.busy); its fields are reset each time (no
-- allocation). kit.fields_of maps a proxy to its fields table.
local function ctx_kit(option_values, load_state)
  local kit = { fields_of = setmetatable({}, { __mode = "k" }), busy = false }
  local function option(name) return option_values[name] end
  function kit.new_ctx()
    local fields = setmetatable({ option = option }, fields_mt)
    local ctx = setmetatable({}, { __index = fields, __newindex = refuse_write, __metatable = false })
    kit.fields_of[ctx] = fields
    loader_of[fields] = load_state
    return ctx
  end
  local shared_ctx = kit.new_ctx()
  -- outer: not nested in another dispatch, so the shared proxy is free
  function kit.make(outer, play, g, args)
    local ctx = outer and shared_ctx or kit.new_ctx()
    local fields = kit.fields_of[ctx]
    fields.game, fields.play, fields.phase = g, play, args.phase
    fields.player, fields.turn, fields.part, fields.state = nil, nil, nil, nil
    return ctx, fields
  end
  return kit
end

-- One handler per event kind: handler(run, list, ctx, g, args, play,
-- result, rs) runs the event's hooks and fills result.
local EVENTS = {}

-- A feature is its handle everywhere (fh:kind(), fh:attr(name),
-- fh:info()...); what the moment adds (when, leaders) is in args.
-- A hook narrowed by `kinds` or `attrs` runs only for such features.
local function wants_feature(h, fh, kind, leaders)
  if h.kind_set and not h.kind_set[kind] then return false end
  if h.ties and #leaders < 2 then return false end
  if not h.attrs then return true end
  for _, a in ipairs(h.attrs) do
    if fh:attr(a) ~= 0 then return true end
  end
  return false
end

-- A feature_points answer: a number with an integer value within what
-- one score may give (GK_MAX_POINTS; never tostring() a script's
-- non-number here: its __tostring would run unbounded). The C path
-- (hook_transform.c) says the same.
local MAX_POINTS = require("meeple.limits").MAX_POINTS
local INT32_MIN, INT32_MAX = -MAX_POINTS, MAX_POINTS
local function points_of(h, v)
  local i = math.type(v) and math.tointeger(v)
  if not i then
    local shown = math.type(v) and tostring(v) or ("a " .. type(v))
    error(at(h, "feature_points must return an integer, not " .. shown), 0)
  end
  if i < INT32_MIN or i > INT32_MAX then
    error(at(h, ("feature_points returned %d, out of range (%d to %d)"):format(i, INT32_MIN, INT32_MAX)), 0)
  end
  return i
end

function EVENTS.feature_points(run, list, ctx, g, args)
  local value, leaders, fh = args.value, args.leaders, args.feature
  local kind = list.kinds and fh:kind()
  local shown = nil
  for _, h in ipairs(list) do
    if wants_feature(h, fh, kind, args.leaders) then
      shown = shown or freeze(args)
      local v, l = run(h, ctx, g, fh, value, shown)
      if v ~= nil then value = points_of(h, v) end
      if l ~= nil then leaders = l end
    end
  end
  return { value = value, leaders = leaders }
end

-- The stack of an extra part goes through the hooks by name (nil: none
-- so far); a hook returns a stack name, false for none, or nil to keep.
function EVENTS.extra_part(run, list, ctx, g, args, _, rs)
  local stacks = rs.decl.stack_index
  local value = args.value >= 0 and rs.decl.stacks[args.value + 1] or nil
  for _, h in ipairs(list) do
    local v = run(h, ctx, g, value)
    if v == false then
      value = nil
    elseif v ~= nil then
      if type(v) ~= "string" or not stacks[v] then
        -- never tostring() a script's value here: its __tostring would run unbounded
        local shown = type(v) == "string" and ("'" .. v .. "'") or ("a " .. type(v))
        error(at(h, "extra_part: unknown stack " .. shown .. " (a stack name, false for none, nil to keep)"), 0)
      end
      value = v
    end
  end
  return { value = value and stacks[value] - 1 or -1 }
end

-- The flow keeps its own copy of each move and gets back only the
-- indices kept; the hooks see each move through one read-only view,
-- aimed at the move judged. Scoped placement vetoes (`tiles`, `stack`)
-- are asked about their tiles only. A veto may say why (false,
-- "reason"): the reasons of a play's last veto round are kept for
-- M.veto_reason, by the move's index in args.moves.
local last_vetoes = setmetatable({}, { __mode = "k" })

local function reason_of(h, why)
  if type(why) ~= "string" then
    error(at(h, "a veto's reason must be a string, not a " .. type(why)), 0)
  end
  return ("%s (%s)"):format(why, h.at or h.script)
end

local function allow(run, list, ctx, g, args, play)
  local kept, shown, reasons = {}, nil, nil
  local stack = list.scoped and play:stack()
  for i, m in ipairs(args.moves) do
    local ok = true
    local figure, aimed = m.figure, false
    for _, h in ipairs(list) do
      if ok and (not h.figure_set or h.figure_set[figure])
         and (not h.scoped or h.tile_set[m.tile] or h.stack_set[stack]) then
        if not aimed then shown, aimed = shown and retarget(shown, m) or freeze(m), true end
        local answer, why = run(h, ctx, g, shown)
        if answer == false then
          ok = false
          if why ~= nil then
            reasons = reasons or {}
            reasons[i] = reason_of(h, why)
          end
        end
      end
    end
    if ok then kept[#kept + 1] = i end
  end
  last_vetoes[play] = reasons and { moves = args.moves, reasons = reasons } or nil
  return { kept = kept }
end
EVENTS.allow_placements, EVENTS.allow_deploys = allow, allow

function EVENTS.collect(run, list, ctx, g, args, play)
  local moves, result = args.moves, {}
  local placed = false          -- the id of the tile placed in this part, read once
  for _, h in ipairs(list) do
    if h.tile_set and placed == false then
      local th = play:placed()
      placed = th and th:info().id or nil
    end
    if not h.tile_set or (placed and h.tile_set[placed]) then
      -- read raw: no metamethod of the script's list runs in the host
      local extra = run(h, ctx, g)
      if extra ~= nil and type(extra) ~= "table" then
        error(at(h, "collect must return a list of moves, not a " .. type(extra)), 0)
      end
      local n = extra and rawlen(extra) or 0
      for i = 1, n do moves[#moves + 1] = rawget(extra, i) end
      -- the flow checks these moves after we return: its message names this hook
      if n > 0 then result.where = h.at end
    end
  end
  result.moves = moves
  return result
end

function EVENTS.apply(run, list, ctx, g, args)
  local result, shown = {}, freeze(args.move)
  for _, h in ipairs(list) do
    if run(h, ctx, g, shown) == true then result.value = 1 end
  end
  return result
end

-- Every other event (on "turn_begin", "tile_placed", ...): notifications.
local function notify(run, list, ctx, g, args, play, _, name)
  if name == "tile_drawn" then args.tile = play:tile() end
  local placed = name == "tile_placed" and args.tile_id
  local shown_args = nil
  local subject = args.feature or args.tile or args.move
  local figure = name == "figure_placed" and args.move and args.move.figure
  for _, h in ipairs(list) do
    if (not h.tile_set or (placed and h.tile_set[placed])) and (not h.placed_set or h.placed_set[figure]) then
      if not shown_args then subject, shown_args = freeze(subject), freeze(args) end
      run(h, ctx, g, subject, shown_args)
    end
  end
  return nil   -- nothing to fold: the flow reads no answer
end

-- The dispatcher the flow calls for every hooked event. It builds the
-- hook's view of the moment, runs the script functions in their fixed
-- order under the sandbox budget, and folds their answers.
local function dispatcher(rs, host, by_event, timed)
  local option_values = {}
  for _, d in ipairs(rs.options) do option_values[d.name] = d.value end
  local kit = ctx_kit(option_values, state_store(rs.decl, rs.hooks))
  local fields_of = kit.fields_of
  -- Runs one script hook. The ctx proxy is read-only to scripts; the
  -- host writes its fields table.
  local function run(h, ctx, g, ...)
    local fields = fields_of[ctx]
    fields[HOOK], fields.state = h, nil
    if timed then return host.timed_call(h, h.fn, ctx, ...) end
    return host.call(h.fn, ctx, ...)
  end
  local function inner(name, args, play, g, outer)
    local key = name == "collect" and ("collect:" .. args.phase) or name
    local list = by_event[key]
    if not list then return nil end
    local ctx = kit.make(outer, play, g, args)
    return (EVENTS[name] or notify)(run, list, ctx, g, args, play, rs, name)
  end
  -- The game's RNG is lent to math.random only while its hooks run. A
  -- failed hook's changes to its state are undone with its move (the
  -- kernel's "restore", meeple.loader.state_live).
  -- g: the play's game view (the flow passes it; play:game() otherwise).
  local function dispatch(name, args, play, g)
    g = g or play:game()
    host.use_game(g)
    local outer = not kit.busy
    kit.busy = true
    local ok, result = pcall(inner, name, args, play, g, outer)
    if outer then kit.busy = false end
    host.use_game(nil)
    if not ok then error(result, 0) end
    return result
  end
  return dispatch, kit
end

-- Notifications the flow may call without the dispatcher
-- (bindings/hooks/hook_direct.c): their hooks get (ctx, subject, args) and
-- answer nothing, and none narrows by tiles (the flow's own tile filter
-- applies only when all of an event's hooks narrow), or, for tile_placed,
-- all narrow by the same tiles (same_tiles); and on("action")
-- ("apply"), whose hooks get (ctx, move) and answer as EVENTS.apply reads.
local DIRECT = { "turn_begin", "tile_drawn", "turn_end", "tile_placed", "figure_placed", "feature_scored",
                 "final_scoring", "phase", "apply" }

-- The table a C path reads: t (its hook lists, nil when none is hooked)
-- with a ctx of its own (its fields, the key of the running hook); nil
-- when t is, or the host is not the real one.
local function with_ctx(t, host, kit)
  if not t or host ~= rawget(_G, "meeple_host") then return nil end
  t.ctx = kit.new_ctx()
  t.fields = kit.fields_of[t.ctx]
  t.hook_key = HOOK
  return t
end

-- The table hook_direct.c reads (nil: no direct calls), for the real host
-- only: its C side calls the sandbox itself. Its ctx is its own.
-- Whether every hook of a list narrows by the same tiles: the flow's own
-- filter (the union, hook_filters) then chose the tile for each of them,
-- and a direct call needs no test of its own (on("tile_placed") narrowed
-- to a few rare tiles costs a direct call, not a dispatcher's, #41).
local function same_tiles(list, field)
  field = field or "tiles"
  local key
  for _, h in ipairs(list) do
    if not h[field] then return false end
    local names = {}
    for i, n in ipairs(h[field]) do names[i] = n end
    table.sort(names)
    local k = table.concat(names, "\0")
    if key and key ~= k then return false end
    key = k
  end
  return key ~= nil
end

local function direct_calls(by_event, host, kit)
  local t, any = {}, false
  for _, name in ipairs(DIRECT) do
    local list, plain = by_event[name], true
    for _, h in ipairs(list or {}) do plain = plain and not h.tile_set and not h.placed_set end
    if list and not plain and name == "tile_placed" then plain = same_tiles(list) end
    -- figure_placed narrowed by `figures`: the flow's filter calls them
    if list and not plain and name == "figure_placed" then plain = same_tiles(list, "figures") end
    if list and plain then t[name], any = list, true end
  end
  t = with_ctx(any and t or nil, host, kit)
  if not t then return nil end
  t.lazy_key = LAZY
  t.freeze = freeze   -- hooks see read-only views of their arguments, as in notify
  t.lazy = freeze_mod.lazy -- the arguments' view that fills fields at a hook's first read
  return t
end

-- The vetoes the flow may call without the dispatcher
-- (bindings/hooks/hook_veto.c): each candidate move goes to the allow hooks
-- from C, through one reused read-only view, in one protected call per
-- veto round; the hooks' narrowing (figure_set, scoped, tile_set,
-- stack_set) is read from their records. For the real host only; its
-- ctx is its own. It keeps a round's reasons for M.veto_reason in
-- last_vetoes[play] (nil: none) as a list that its `decode` turns into
-- { moves, reasons } when asked.
local VETOES = { "allow_placements", "allow_deploys" }

-- The hook lists of these events (nil: none is hooked), for with_ctx.
local function listed(names, by_event)
  local t, any = {}, false
  for _, name in ipairs(names) do
    if by_event[name] then t[name], any = by_event[name], true end
  end
  return any and t or nil
end

local function c_calls(names, by_event, host, kit)
  return with_ctx(listed(names, by_event), host, kit)
end

local function veto_calls(by_event, host, kit)
  local t = c_calls(VETOES, by_event, host, kit)
  if not t then return nil end
  t.view, t.view_mt = freeze_mod.flat({})
  t.freeze = freeze
  t.last_vetoes = last_vetoes
  return t
end

-- The transforms the flow may call without the dispatcher
-- (bindings/hooks/hook_transform.c): feature_points hooks get (ctx, feature,
-- points so far, args) and extra_part hooks (ctx, stack name), from C,
-- in one protected call per event; the hooks' narrowing (kinds, attrs)
-- is read from their records. args is one reused table read through a
-- flat read-only view, its leaders one reused table through its view.
local TRANSFORMS = { "feature_points", "extra_part" }

local function transform_calls(by_event, host, kit)
  local t = c_calls(TRANSFORMS, by_event, host, kit)
  if not t then return nil end
  t.leaders = {}
  t.args = { leaders = freeze(t.leaders) }
  t.view = freeze_mod.flat(t.args)
  return t
end

-- The collects the flow may call without the dispatcher
-- (bindings/hooks/hook_collect.c): each phase's collect hooks get ctx, from C,
-- in one protected call per event; their narrowing to tiles (tile_set)
-- is read from their records. For the real host only; its ctx is its own.
local function collect_calls(by_event, host, kit)
  local t, any = { phases = {} }, false
  for _, key in ipairs(sorted_keys(by_event)) do
    local phase = key:match("^collect:(.*)$")
    if phase then t.phases[phase], any = by_event[key], true end
  end
  return with_ctx(any and t or nil, host, kit)
end

-- The figure kinds the deploy vetoes look at, when every one of them
-- says (`figures`): the flow then calls them only on turns that offer
-- such a figure. nil: all kinds. Gives each such hook its figure_set.
local function deploy_figures(by_event)
  if not by_event.allow_deploys then return nil end
  local union, all = {}, false
  for _, h in ipairs(by_event.allow_deploys) do
    if h.figures then
      h.figure_set = {}
      for _, f in ipairs(h.figures) do h.figure_set[f] = true; union[f] = true end
    else
      all = true
    end
  end
  if not all then return sorted_keys(union) end
  return nil
end

-- The ids of the pool's tiles with one of these tags, a segment with one
-- of these attributes non-zero, or a segment of one of these kinds.
local function tile_set(pool, names)
  local want, set = {}, {}
  for _, n in ipairs(names) do want[n] = true end
  for _, entry in ipairs(pool) do
    local t, hit = entry.tile, false
    for _, tag in ipairs(t.tags) do hit = hit or want[tag] or false end
    for _, sg in ipairs(t.segments) do
      hit = hit or want[sg.kind] or false
      for _, a in ipairs(sg.attrs) do hit = hit or (want[a.name] and a.value ~= 0) or false end
    end
    if hit then set[t.id] = true end
  end
  return set
end

-- A union of names split into tile tags, attributes and kinds, sorted.
local function split(decl, union)
  local tags, attrs, kinds = {}, {}, {}
  for _, n in ipairs(sorted_keys(union)) do
    if decl.tags[n] then tags[#tags + 1] = n end
    if decl.attr_index[n] then attrs[#attrs + 1] = n end
    if decl.kind_index[n] then kinds[#kinds + 1] = n end
  end
  return { tags = tags, attrs = attrs, kinds = kinds }
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

-- collect hooks that all narrow to tiles: their phases and the union.
local function collect_filter(decl, by_event, filters)
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
    filters.collect_filtered, filters.collect_tiles = filtered, split(decl, collect_union)
  end
end

-- Placement vetoes scoped to tiles or stacks: when every one is, the
-- flow asks Lua only about those tiles, or while the part draws from
-- those stacks; the other placements stay in C.
local function placement_filter(decl, list, filters)
  local tiles, stacks, all = {}, {}, false
  for _, h in ipairs(list) do
    if h.tiles or h.stacks then
      h.scoped, list.scoped = true, true
      h.tile_set, h.stack_set = h.tile_set or {}, {}
      for _, n in ipairs(h.tiles or {}) do tiles[n] = true end
      for _, n in ipairs(h.stacks or {}) do h.stack_set[n] = true; stacks[n] = true end
    else
      all = true
    end
  end
  if not all then
    filters.placement_tiles, filters.placement_stacks = split(decl, tiles), sorted_keys(stacks)
  end
end

-- Feature points hooks about some features (`attrs`, `kinds`): when
-- every hook names attributes (kinds), the flow calls Lua only for
-- features with one of the union's attributes (of the union's kinds).
local function points_filter(list, filters)
  for _, h in ipairs(list) do
    if h.kinds then
      h.kind_set, list.kinds = {}, true
      for _, k in ipairs(h.kinds) do h.kind_set[k] = true end
    end
  end
  local attrs, kinds = union_of(list, "attrs"), union_of(list, "kinds")
  if attrs then filters.points_attrs = sorted_keys(attrs) end
  if kinds then filters.points_kinds = sorted_keys(kinds) end
  -- the kinds every hook about them says ties of: the flow calls Lua for
  -- them only when two or more players lead (a hook with no kinds is
  -- about every kind: then only if it says ties too)
  local ties = {}
  for _, k in ipairs(kinds and sorted_keys(kinds) or {}) do
    local all = true
    for _, h in ipairs(list) do
      if (not h.kind_set or h.kind_set[k]) and not h.ties then all = false end
    end
    if all then ties[#ties + 1] = k end
  end
  if #ties > 0 then filters.points_ties_kinds = ties end
end

-- Hooks about some tiles (`tiles`) or some features (`attrs`): each
-- keeps the set of tile ids it is about, and when every hook of an
-- event narrows, the flow gets the union and calls Lua only then.
local function hook_filters(rs, by_event)
  local decl, filters = rs.decl, {}
  for _, key in ipairs(sorted_keys(by_event)) do
    for _, h in ipairs(by_event[key]) do
      if h.tiles then h.tile_set = tile_set(rs.pool, h.tiles) end
    end
  end
  if by_event.tile_placed then
    local union = union_of(by_event.tile_placed, "tiles")
    if union then filters.placed_tiles = split(decl, union) end
  end
  if by_event.figure_placed then
    for _, h in ipairs(by_event.figure_placed) do
      if h.figures then
        h.placed_set = {}
        for _, f in ipairs(h.figures) do h.placed_set[f] = true end
      end
    end
    local union = union_of(by_event.figure_placed, "figures")
    if union then filters.placed_figures = sorted_keys(union) end
  end
  collect_filter(decl, by_event, filters)
  if by_event.allow_placements then placement_filter(decl, by_event.allow_placements, filters) end
  if by_event.feature_points then points_filter(by_event.feature_points, filters) end
  return filters
end

-- The hooked event names (collect once) and the phases with collects.
local function hooked_names(by_event)
  local names, collect_phases = {}, {}
  for _, key in ipairs(sorted_keys(by_event)) do
    local phase = key:match("^collect:(.*)$")
    names[phase and "collect" or key] = true
    if phase then collect_phases[#collect_phases + 1] = phase end
  end
  return sorted_keys(names), collect_phases
end

-- What a hook plan holds: the options of flow:new_play and flow:simulate
-- that say where each hook runs. dispatch: the Lua dispatcher; hooks:
-- the hooked event names (collect once); collect_phases: the phases with
-- collects; deploy_figures: the figures allow_deploys judges; the
-- filters (hook_filters): placed_tiles, collect_tiles, collect_filtered,
-- points_attrs, points_kinds, placement_tiles, placement_stacks,
-- placed_figures; and the
-- tables of the four C paths (bindings/hooks/), each nil when the flow
-- calls none of its events itself: direct, vetoes, transforms, collects.
local PLAN_KEYS = { "dispatch", "hooks", "collect_phases", "deploy_figures", "placed_tiles", "collect_tiles",
                    "collect_filtered", "points_attrs", "points_kinds", "placement_tiles", "placement_stacks",
                    "points_ties_kinds",
                    "direct", "vetoes", "transforms", "collects", "placed_figures" }

-- The hook plan of the rules rs (PLAN_KEYS), one table. how: nil;
-- "timed": the same paths, the dispatcher's calls timed into the host's
-- running hook profile (meeple_host.timed_call; the C paths time their
-- own); "dispatcher": every hook through the dispatcher (the tests
-- compare the C paths with it).
local function make_dispatcher(rs, host, how)
  local by_event = group_hooks(rs.hooks)
  local timed = how == "timed" and host.timed_call ~= nil
  local profile = how == "dispatcher"
  local dispatch, kit = dispatcher(rs, host, by_event, timed)
  local figures = deploy_figures(by_event)
  local plan = hook_filters(rs, by_event)
  plan.dispatch, plan.deploy_figures = dispatch, figures
  plan.hooks, plan.collect_phases = hooked_names(by_event)
  if not profile then
    -- after hook_filters: a hook's tile_set keeps it off the direct path
    plan.direct = direct_calls(by_event, host, kit)
    -- after deploy_figures and hook_filters: the narrowing sets it reads
    plan.vetoes = veto_calls(by_event, host, kit)
    plan.transforms = transform_calls(by_event, host, kit)
    -- after hook_filters: the tile_set of a collect narrowed to tiles
    plan.collects = collect_calls(by_event, host, kit)
  end
  return plan
end

M.make_dispatcher = make_dispatcher

-- opts with the hook plan's fields added (PLAN_KEYS), for flow:new_play
-- and flow:simulate.
local function with_plan(plan, opts)
  for _, k in ipairs(PLAN_KEYS) do opts[k] = plan[k] end
  return opts
end
M.with_plan = with_plan

-- The rules' hook plan, made at the first play and kept (rs.hook_plan).
local function kept_plan(rs, host)
  rs.hook_plan = rs.hook_plan or make_dispatcher(rs, host)
  return rs.hook_plan
end

-- flow:new_play(g, opts) with the rules' hook plan (meeple.loader.new_play).
function M.new_play(rs, host, g, opts)
  return rs.flow:new_play(g, with_plan(kept_plan(rs, host), opts))
end

-- flow:simulate(templ, opts) with the rules' hook plan, or with a plan of
-- its own when how is "timed" or "dispatcher" (make_dispatcher).
function M.simulate(rs, host, how, templ, opts)
  local plan = kept_plan(rs, host)
  if how then plan = make_dispatcher(rs, host, how) end
  return rs.flow:simulate(templ, with_plan(plan, opts))
end

-- }==================================================================

-- The reason a veto gave for refusing move (a move table as play:why
-- takes) in play's last veto round: "reason (file:line)", or nil.
local function same_move(a, b)
  if a.type ~= b.type or a.tile ~= b.tile or a.x ~= b.x or a.y ~= b.y or a.rot ~= b.rot
     or a.figure ~= b.figure or a.action ~= b.action then
    return false
  end
  local fa, fb = a.at and a.at.feature, b.at and b.at.feature
  if (fa == nil) ~= (fb == nil) or (fa and fa ~= fb) then return false end
  for k = 1, 4 do
    if (a.args and a.args[k]) ~= (b.args and b.args[k]) then return false end
  end
  return true
end

function M.veto_reason(play, move)
  local last = last_vetoes[play]
  if not last then return nil end
  if last.decode then -- a C round's (hook_veto.c), decoded at the first ask
    last = last.decode(play, last)
    last_vetoes[play] = last
  end
  for i, m in ipairs(last.moves) do
    if last.reasons[i] and same_move(m, move) then return last.reasons[i] end
  end
  return nil
end

return M
