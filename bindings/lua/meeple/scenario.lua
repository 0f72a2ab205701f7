-- meeple.scenario: scripted test games ("scenarios") and `meeple test`.
--
-- Trusted host code (see bindings/host.c). A scenario file is a Lua
-- script run in the sandbox with the API below as its globals; running
-- it only *records* a plan (header, inline tiles, setup, steps), each
-- step with the file:line that wrote it. The runner then loads the
-- rules, lays out the position, plays the steps and checks the
-- expectations, outside the sandbox's instruction budget. Finally the
-- record of what was played is replayed on a fresh game and must give
-- the same ledger. The format is documented in docs/scenarios.md.
--
--   local scenario = require "meeple.scenario"
--   local plan = scenario.load_file("tests/scenarios/base/ex01_small_city.lua")
--   local result = scenario.run(plan, { root = "." })
--   -- result.ok, result.failures = { {where=, message=, ledger=}, ... }

local loader = require "meeple.loader"
local meeple = require "meeple"
local files = require "meeple.files"

local M = {}

local unpack = table.unpack

-- {=====================================================================
-- Small helpers
-- ======================================================================

local readfile, exists, dirname = loader.readfile, loader.exists, loader.dirname
local clean = require("meeple.errors").clean  -- no host location in a failure

-- A value as scenario text: {4, 0}, "city", {player = 1, points = 4}.
local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return ("%q"):format(v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 3 then return "{...}" end
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do parts[#parts + 1] = ("%s = %s"):format(tostring(k), show(v[k], depth + 1)) end
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- The position of the scenario line that called the API function which
-- calls here(): error() at the right level puts "file:line:" in front.
-- Levels: 1 = pcall, 2 = here, 3 = the API function, 4 = its caller.
local function here(extra)
  local _, msg = pcall(error, "@", 4 + (extra or 0))
  local pos = type(msg) == "string" and msg:match("^(.*):%s*@$")
  return pos or "?"
end

-- Raised by the recording API for a malformed call: "file:line: msg".
local function bad(at, fmt, ...)
  error(at .. ": " .. fmt:format(...), 0)
end

-- }=====================================================================

-- {=====================================================================
-- Ports, spots and rotations
-- ======================================================================

local PORT = {}
for p = 0, 11 do PORT[meeple.port_name(p)] = p end

local function board_port(p, rot) return (p + 3 * rot) % 12 end

-- The name the engine gives a segment in a deploy move: its first port
-- in board orientation, side centres first; C, C2, ... for inner ones.
local function spot_of_segment(def, seg_index, rot)
  local seg = def.segments[seg_index]
  if #seg.ports == 0 then
    local nth = 0
    for i = 1, seg_index do if #def.segments[i].ports == 0 then nth = nth + 1 end end
    return nth == 1 and "C" or ("C" .. nth)
  end
  local best, brank
  for _, p in ipairs(seg.ports) do
    local bp = board_port(p, rot)
    local rank = (bp % 3 == 1) and bp - 100 or bp
    if not best or rank < brank then best, brank = bp, rank end
  end
  return meeple.port_name(best)
end

-- A tile's corners name the field at them: the port just clockwise of
-- the corner (all eight ports around a barn's corner are one field).
local CORNER_PORT = { NE = "NNE", SE = "SSE", SW = "SSW", NW = "NNW" }

-- The segment (index from 1) of a placed tile named by a spot: any port
-- it covers (board orientation), a corner (NE, SE, SW, NW) or C, C2, ...
local function segment_at_spot(def, rot, spot)
  if type(spot) ~= "string" then return nil end
  spot = CORNER_PORT[spot] or spot
  local inner = spot:match("^C(%d*)$")
  if inner then
    local want, nth = tonumber(inner ~= "" and inner or "1"), 0
    for i, seg in ipairs(def.segments) do
      if #seg.ports == 0 then
        nth = nth + 1
        if nth == want then return i end
      end
    end
    return nil
  end
  local bp = PORT[spot]
  if not bp then return nil end
  for i, seg in ipairs(def.segments) do
    for _, p in ipairs(seg.ports) do
      if board_port(p, rot) == bp then return i end
    end
  end
  return nil
end

-- A tile's shape after rotating: used to map a rotation onto the one the
-- engine lists for a symmetric tile ("place U 0,1 r2" is "... r0").
local function shape(def, rot)
  local segs = {}
  for _, seg in ipairs(def.segments) do
    local ports = {}
    for _, p in ipairs(seg.ports) do ports[#ports + 1] = board_port(p, rot) end
    table.sort(ports)
    local attrs = {}
    for _, a in ipairs(seg.attrs or {}) do attrs[#attrs + 1] = a.name .. "=" .. tostring(a.value) end
    table.sort(attrs)
    segs[#segs + 1] = seg.kind .. ":" .. table.concat(ports, ",") .. ":" .. table.concat(attrs, ",")
  end
  table.sort(segs)
  return table.concat(segs, ";")
end

-- }=====================================================================

-- {=====================================================================
-- Recording: the API a scenario script sees
-- ======================================================================

local EXPECTS = {}   -- name -> check function(run, step); filled below

local function new_plan(file, text)
  return {
    file = file, text = text, name = nil, header = {}, tiles = {}, scripts = {},
    setup = {}, steps = {}, started = false,
  }
end

-- Where an inline [[...]] text starts, so errors in it name file lines.
local function text_offset(plan, at)
  local line = tonumber(at:match(":(%d+)$"))
  if not line then return 0 end
  local n, src = 0, nil
  for l in (plan.text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if n == line then src = l break end
  end
  -- "tiles [[" alone on its line: Lua drops that newline, text starts below
  if src and src:match("%[=*%[%s*$") then return line end
  return line - 1
end

-- A step of the plan, in order; the first one ends the setup part.
local function step(plan, at, op, args)
  args = args or {}
  args.op, args.at = op, at
  plan.steps[#plan.steps + 1] = args
  plan.started = true
  return args
end

local function before_play(plan, at, what)
  if plan.started then bad(at, "%s must come before the first move or expectation", what) end
end

-- The recording API: name -> builder(plan) returning the function the
-- scenario calls. The script calls it directly: here() counts on that.
local API = {}

function API.scenario(plan)
  return function(name)
    local at = here()
    if plan.name then bad(at, "scenario: this file already names a scenario ('%s')", plan.name) end
    if type(name) ~= "string" then bad(at, "scenario: a name expected, got %s", type(name)) end
    plan.name, plan.at = name, at
    return function(spec)
      if spec ~= nil and type(spec) ~= "table" then bad(at, "scenario \"%s\": a table expected", name) end
      spec = spec or {}
      local known = { game = true, with = true, rules = true, options = true, players = true,
                      seed = true, start = true, figures = true }
      for k in pairs(spec) do
        if not known[k] then bad(at, "scenario: unknown field '%s'", tostring(k)) end
      end
      plan.header = spec
    end
  end
end

-- tiles [[ notation ]]  |  tiles { [[ notation ]], stack = "name" }
-- | tiles { file = "kit.tiles" } (next to the scenario, for tiles that
-- several scenarios share)
function API.tiles(plan)
  return function(arg)
    local at = here()
    before_play(plan, at, "tiles")
    local text, stack = arg, nil
    if type(arg) == "table" then text, stack = arg[1], arg.stack end
    if type(arg) == "table" and arg.file then
      if type(arg.file) ~= "string" then bad(at, "tiles: file = \"name.tiles\" expected") end
      plan.tiles[#plan.tiles + 1] = { file = arg.file, stack = stack, at = at }
      return
    end
    if type(text) ~= "string" then bad(at, "tiles: tile notation text expected") end
    plan.tiles[#plan.tiles + 1] = { text = string.rep("\n", text_offset(plan, at)) .. text,
                                    stack = stack, at = at }
  end
end

-- script [[ declarations ]]: an inline house rule, loaded after the
-- game, its expansions and its rules.
function API.script(plan)
  return function(code)
    local at = here()
    before_play(plan, at, "script")
    if type(code) ~= "string" then bad(at, "script: Lua text expected") end
    plan.scripts[#plan.scripts + 1] = { code = string.rep("\n", text_offset(plan, at)) .. code, at = at }
  end
end

-- setup { {"E", at = {0, 0}, rot = 0, figure = {...}}, ... }
function API.setup(plan)
  return function(list)
    local at = here()
    before_play(plan, at, "setup")
    if type(list) ~= "table" then bad(at, "setup: a list of tiles expected") end
    for i, e in ipairs(list) do
      if type(e) ~= "table" then bad(at, "setup: entry %d is not a table", i) end
      if e[1] ~= nil and type(e[1]) ~= "string" then bad(at, "setup: entry %d: a tile id expected", i) end
      if e.marker and (type(e.at) ~= "table" or math.type(e.at[1]) ~= "integer") then
        bad(at, "setup: entry %d (marker %s): at = {x, y} expected", i, tostring(e.marker))
      end
      if e[1] and (type(e.at) ~= "table" or math.type(e.at[1]) ~= "integer" or math.type(e.at[2]) ~= "integer") then
        bad(at, "setup: entry %d (%s): at = {x, y} expected", i, e[1])
      end
      plan.setup[#plan.setup + 1] = { entry = e, at = at, index = i }
    end
  end
end

local function stack_list(at, what, list)
  if type(list) ~= "table" then bad(at, "%s: a list of tile ids expected", what) end
  local ids = {}
  for i, id in ipairs(list) do
    if type(id) ~= "string" then bad(at, "%s: entry %d is not a tile id", what, i) end
    ids[i] = id
  end
  return ids, list.stack
end

-- draws { "E", "U", stack = "main" }: the next draws, in this order.
function API.draws(plan)
  return function(list)
    local at = here()
    local ids, stack = stack_list(at, "draws", list)
    plan.steps[#plan.steps + 1] = { op = "draws", at = at, ids = ids, stack = stack }
  end
end

-- stack { "E", "U", stack = "main" }: the stack holds exactly these.
function API.stack(plan)
  return function(list)
    local at = here()
    local ids, stack = stack_list(at, "stack", list)
    plan.steps[#plan.steps + 1] = { op = "stack", at = at, ids = ids, stack = stack }
  end
end

-- The move texts of play/turn, and the player they are meant for:
-- play("a", "b") | play { "a", "b", player = 2 }.
local function move_texts(at, what, ...)
  local args, player = { ... }, nil
  if #args == 1 and type(args[1]) == "table" then
    args, player = args[1], args[1].player
    for k in pairs(args) do
      if k ~= "player" and math.type(k) ~= "integer" then bad(at, "%s: unknown field '%s'", what, tostring(k)) end
    end
    if player ~= nil and math.type(player) ~= "integer" then bad(at, "%s: player = N expected", what) end
  end
  local texts = {}
  for i, t in ipairs(args) do
    if type(t) ~= "string" then bad(at, "%s: move %d is not a move text", what, i) end
    texts[i] = t
  end
  return texts, player
end

-- play "place E 1,0 r3"  |  play("place E 1,0 r3", "deploy meeple N")
-- | play { player = 2, "place E 1,0 r3" }
function API.play(plan)
  return function(...)
    local at = here()
    local texts, player = move_texts(at, "play", ...)
    if #texts == 0 then bad(at, "play: a move text expected") end
    step(plan, at, "play", { texts = texts, player = player })
  end
end

-- turn("place E 1,0 r3", "deploy meeple N"): these moves, then "pass"
-- until the turn is over.
function API.turn(plan)
  return function(...)
    local at = here()
    local texts, player = move_texts(at, "turn", ...)
    step(plan, at, "turn", { texts = texts, player = player })
  end
end

-- choose "action wagon 3 0 0 0" | choose { type = "action", ... }
function API.choose(plan)
  return function(move)
    local at = here()
    if type(move) == "string" then
      step(plan, at, "play", { texts = { move } })
    elseif type(move) == "table" then
      step(plan, at, "apply", { move = move })
    else
      bad(at, "choose: a move text or move table expected")
    end
  end
end

function API.final(plan) return function() step(plan, here(), "final") end end
function API.finish(plan) return function() step(plan, here(), "finish") end end

-- expect.NAME(...): a check, run when the plan plays (EXPECTS).
function API.expect(plan)
  return setmetatable({}, {
    __index = function(_, name)
      local check = EXPECTS[name]
      if not check then
        local names = {}
        for k in pairs(EXPECTS) do names[#names + 1] = k end
        table.sort(names)
        bad(here(), "expect.%s does not exist (one of: %s)", tostring(name), table.concat(names, ", "))
      end
      return function(...)
        local at = here()
        step(plan, at, "expect", { name = name, args = table.pack(...) })
      end
    end,
    __newindex = function() error("expect is read-only", 2) end,
  })
end

local function make_api(plan)
  local api = {}
  for name, builder in pairs(API) do api[name] = builder(plan) end
  return api
end

-- Runs a scenario file in the sandbox and returns its plan, or nil and
-- a one-line error.
function M.load_file(path)
  local text, err = readfile(path)
  if not text then return nil, ("%s: cannot read: %s"):format(path, tostring(err)) end
  local plan = new_plan(path, text)
  local ok, e = pcall(meeple_host.run, "@" .. path, text, make_api(plan))
  if not ok then return nil, tostring(e) end
  if not plan.name then return nil, ("%s: no scenario \"name\" { ... } line"):format(path) end
  return plan
end

-- }=====================================================================

-- {=====================================================================
-- Running: the rule set, the position and the play
-- ======================================================================

local Run = {}
Run.__index = Run

-- figures = { barn = 2 } or { barn = { 2, 1 } } (per player): the
-- count each player gets is the largest; build() takes the others' extra
-- copies out of the game.
local function figure_counts(spec)
  if spec == nil then return nil end
  if type(spec) ~= "table" then error("figures: a table { kind = count } expected", 0) end
  local out = {}
  for k, v in pairs(spec) do
    if type(v) == "table" then
      local most = 0
      for _, n in ipairs(v) do
        if math.type(n) ~= "integer" then error(("figures: %s: counts expected"):format(tostring(k)), 0) end
        most = math.max(most, n)
      end
      out[k] = most
    else
      out[k] = v
    end
  end
  return out
end

local function load_rules(plan, root)
  local h = plan.header
  -- a script path may be relative to the scenario's directory
  -- and, named by a scenario, is read only from the game's roots or the
  -- scenario's own directory (meeple.files); a scenarios/ directory's
  -- parent too, where the rules it tests live (my-expansion/scenarios/)
  local here = dirname(plan.file)
  local roots = { root .. "/scripts", root .. "/tiles", here }
  if here:match("scenarios$") then roots[#roots + 1] = dirname(here) end
  local function near(r)
    if type(r) ~= "string" or not (r:find("/", 1, true) or r:match("%.lua$")) then return r end
    local path = r
    if not exists(r) and exists(dirname(plan.file) .. "/" .. r) then
      path = dirname(plan.file) .. "/" .. r
    end
    return files.allow(plan.file, r, path, roots)
  end
  local rules, with = {}, {}
  for _, r in ipairs(h.rules or {}) do rules[#rules + 1] = near(r) end
  for _, r in ipairs(h.with or {}) do with[#with + 1] = near(r) end
  local inline = #plan.tiles > 0 or #plan.scripts > 0
  -- Inline tiles and scripts load as one more rules script: the scenario
  -- file itself, whose chunk is replaced by the calls below.
  if inline then rules[#rules + 1] = plan.file end
  local options = {}
  for k, v in pairs(h.options or {}) do options[k] = tostring(v) end
  local function run_script(chunkname, code, api)
    if inline and chunkname == "@" .. plan.file then
      for _, t in ipairs(plan.tiles) do
        if t.file then api.tiles { file = t.file, stack = t.stack }
        else api.tiles { text = t.text, name = plan.file, stack = t.stack } end
      end
      for _, s in ipairs(plan.scripts) do meeple_host.run("@" .. plan.file, s.code, api) end
      return
    end
    return meeple_host.run(chunkname, code, api)
  end
  return loader.load {
    game = near(h.game or "base"), with = with, rules = rules, options = options,
    figure_counts = figure_counts(h.figures),
    run = run_script, script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" },
  }
end

local function defs_of(rs)
  local defs = {}
  for _, e in ipairs(rs.pool) do defs[e.tile.id] = e.tile end
  return defs
end

-- A fresh play in the scenario's position, not started.
function Run:build()
  local rs, h = self.rs, self.plan.header
  local players = h.players or rs.decl.players.default
  local play
  if h.start == false then
    play = loader.new_play(rs, { players = players, seed = h.seed or 1, start = false, setup = false })
    local g = play:game()
    local used = {}
    for _, entry in ipairs(rs.pool) do
      g:stack_add(entry.stack, entry.tile.id, entry.tile.count)
      used[entry.stack] = true
    end
    for _, s in ipairs(rs.decl.stacks) do if used[s] then g:shuffle(s) end end
  else
    play = loader.new_play(rs, { players = players, seed = h.seed or 1, start = false })
  end
  local g = play:game()
  for kind, v in pairs(h.figures or {}) do
    if type(v) == "table" then
      local most = 0
      for _, n in ipairs(v) do most = math.max(most, n) end
      for pl = 1, players do
        for _ = (v[pl] or most) + 1, most do g:deploy(pl, kind, { out = true }) end
      end
    end
  end
  for _, s in ipairs(self.plan.setup) do
    local e, at = s.entry, s.at
    local function fail(fmt, ...) error(at .. ": setup entry " .. s.index .. ": " .. fmt:format(...), 0) end
    local x, y
    if e.at then x, y = e.at[1], e.at[2] end
    if e[1] then
      local id = e[1]
      local rot = e.rot or 0
      if type(rot) == "string" then rot = tonumber(rot:match("^r?(%d)$")) end
      if math.type(rot) ~= "integer" or rot < 0 or rot > 3 then fail("rot must be 0..3") end
      if not self.defs[id] then fail("no tile '%s' in this game", id) end
      local ok, err
      if g:tile_count() == 0 or e.fixed then
        ok, err = pcall(g.place_fixed, g, id, x, y, rot)
      else
        if g:tile_at(x, y) then fail("cell %d,%d is taken", x, y) end
        if not g:can_place(id, x, y, rot) then
          fail("%s %d,%d r%d: %s (write fixed = true to lay it anyway)", id, x, y, rot,
               self:why_not_fits(g, id, x, y, rot))
        end
        ok, err = pcall(g.place, g, id, x, y, rot)
      end
      if not ok then fail("%s", tostring(err)) end
    end
    if e.counter then
      if type(e.counter) ~= "string" or math.type(e.value) ~= "integer" then
        fail("counter = \"name\", player = N, value = N expected")
      end
      local ok, err = pcall(g.add_counter, g, e.player or 1, e.counter, e.value - g:counter(e.player or 1, e.counter))
      if not ok then fail("counter: %s", tostring(err)) end
    end
    if e.marker then
      if not x then fail("a marker needs at = {x, y}") end
      local ok, fig, msg = pcall(g.deploy, g, 0, e.marker, { cell = { x, y } })
      if not ok then fail("marker: %s", tostring(fig)) end
      if not fig then fail("marker: %s", tostring(msg)) end
    end
    local figs = e.figures or {}
    if e.figure then figs = { e.figure } end
    for _, f in ipairs(figs) do
      local fx, fy = x, y
      if f.at then fx, fy = f.at[1], f.at[2] end
      if not fx then fail("a figure needs at = {x, y}") end
      local fh, why = self:feature_handle(g, fx, fy, f.on)
      if not fh then fail("figure: %s", why) end
      local ok, fig, msg = pcall(g.deploy, g, f.player or 1, f.kind or self.default_figure, fh)
      if not ok then fail("figure: %s", tostring(fig)) end
      if not fig then fail("figure: %s", tostring(msg)) end
    end
  end
  return play
end

-- The feature handle of a segment: at x,y, spot (port name or C, C2..).
function Run:feature_handle(g, x, y, spot)
  local th = g:tile_at(x, y)
  if not th then return nil, ("no tile at %d,%d"):format(x, y) end
  local info = th:info()
  local seg = segment_at_spot(self.defs[info.id], info.rot, spot)
  if not seg then return nil, ("tile %s at %d,%d has no segment at '%s'"):format(info.id, x, y, tostring(spot)) end
  return th:feature(seg), nil, th, seg
end

-- Why a tile does not fit a cell (for messages only: the engine decides).
function Run:why_not_fits(g, id, x, y, rot)
  if g:tile_at(x, y) then return ("cell %d,%d is taken"):format(x, y) end
  local def = self.defs[id]
  if not def then return ("no tile '%s' in this game"):format(id) end
  local function kind_at(d, r, bp)
    for _, seg in ipairs(d.segments) do
      for _, p in ipairs(seg.ports) do if board_port(p, r) == bp then return seg.kind end end
    end
  end
  local dirs = { { 0, -1, 1 }, { 1, 0, 4 }, { 0, 1, 7 }, { -1, 0, 10 } }
  local any = false
  for _, d in ipairs(dirs) do
    local nb = g:tile_at(x + d[1], y + d[2])
    if nb then
      any = true
      local ni = nb:info()
      local mine, theirs = kind_at(def, rot, d[3]), kind_at(self.defs[ni.id], ni.rot, (d[3] + 6) % 12)
      if mine ~= theirs then
        return ("its %s side (%s) meets %s's %s at %d,%d"):format(
          meeple.port_name(d[3]), tostring(mine), ni.id, tostring(theirs), ni.x, ni.y)
      end
    end
  end
  if not any then return ("cell %d,%d touches no tile"):format(x, y) end
  return "an edge does not match"
end

function Run:record_action(a)
  self.record[#self.record + 1] = a
end

-- Stack changes, shared by the run and its replay.
local function apply_mod(play, rs, mod)
  local g = play:game()
  local stack = mod.stack or rs.decl.draw_stack
  if mod.kind == "end" then
    if play.end_game then
      play:end_game()
    else
      mod = { kind = "empty" }
    end
  end
  if mod.kind == "force" then
    g:force(stack, mod.ids)
  elseif mod.kind == "set" or mod.kind == "empty" then
    local stacks = mod.kind == "empty" and rs.decl.stacks or { stack }
    for _, s in ipairs(stacks) do
      for _, id in ipairs(rs.rules:tiles()) do
        while g:stack_count(s, id) > 0 do g:take(s, id) end
      end
    end
    if mod.kind == "set" then
      for _, id in ipairs(mod.ids) do g:stack_add(stack, id, 1) end
      if #mod.ids > 0 then g:force(stack, mod.ids) end
    end
  end
end

local function redo(play, action)
  if action.kind == "start" then
    play:start()
  elseif action.kind == "move" then
    local i, why = play:find_move(action.text)
    if not i then error(why, 0) end
    play:apply_index(i)
  elseif action.kind == "apply" then
    play:apply(action.move)
  end
end

function Run:ensure_started()
  if self.started then return end
  self.snapshot = self.play:clone()
  self.last = { kind = "start" }
  self.play:start()
  self.started = true
  self:record_action(self.last)
  self.ledger_mark = 0
end

-- A tile was drawn by the last action and nothing was placed since: a
-- change to the stacks now can still decide that draw.
function Run:can_rewind()
  local p = self.play
  return self.started and not p:over() and p:tile() ~= nil and p:placed() == nil
end

-- Applies a stack change as if it had been made before the last action.
function Run:change_stacks(mod)
  if not self.started then
    apply_mod(self.play, self.rs, mod)
    self:record_action(mod)
    return
  end
  if self.play:over() then error("the game is over", 0) end
  if not self:can_rewind() then
    apply_mod(self.play, self.rs, mod)
    self:record_action(mod)
    return
  end
  local p = self.play
  p:restore(self.snapshot)
  apply_mod(p, self.rs, mod)
  self.snapshot = p:clone()
  table.insert(self.record, #self.record, mod)
  redo(p, self.last)
end

-- Which stack did the tile in hand come from? A turn's first part draws
-- from the draw stack (a hook may have moved tiles between stacks since
-- the snapshot); an extra part from the one that shrank.
function Run:hand_stack()
  if self.play:part() == 1 then return self.rs.decl.draw_stack end
  local before, now = self.snapshot:game(), self.play:game()
  for _, s in ipairs(self.rs.decl.stacks) do
    if now:stack_size(s) < before:stack_size(s) then return s end
  end
  return self.rs.decl.draw_stack
end

-- A copy of the play with `id` in hand instead (for legality questions).
function Run:trial_with(id)
  local copy
  if not self.started then
    copy = self.play:clone()
    copy:game():force(self.rs.decl.draw_stack, { id })
    copy:start()
  else
    local stack = self:hand_stack()
    copy = self.snapshot:clone()
    local ok, err = pcall(copy:game().force, copy:game(), stack, { id })
    if not ok then return nil, err end
    redo(copy, self.last)
  end
  return copy
end

local function parse_place(text)
  local id, x, y, r = text:match("^place (%S+) (%-?%d+),(%-?%d+) r(%d)$")
  if id then return id, tonumber(x), tonumber(y), tonumber(r) end
end

local function parse_deploy(text)
  return text:match("^deploy (%S+) (%S+)$")
end

-- The text the engine lists for the same move: rotations of symmetric
-- tiles and any port of a segment map to the listed name.
function Run:canonical(play, text)
  if play:find_move(text) then return text end
  local id, x, y, r = parse_place(text)
  if id and self.defs[id] then
    local want = shape(self.defs[id], r)
    for rot = 0, 3 do
      local alt = ("place %s %d,%d r%d"):format(id, x, y, rot)
      if rot ~= r and shape(self.defs[id], rot) == want and play:find_move(alt) then return alt end
    end
    return text
  end
  local kind, spot = parse_deploy(text)
  if kind and play:placed() then
    local info = play:placed():info()
    local def = self.defs[info.id]
    local seg = segment_at_spot(def, info.rot, spot)
    if seg then return ("deploy %s %s"):format(kind, spot_of_segment(def, seg, info.rot)) end
  end
  if text:match("^action ") then return self:action_segments(play, text) end
  return text
end

-- "action wagon 1 0 0 C": an argument that names a spot (a port, a
-- corner, C, C2) stands for the segment number (from 1, in the order the
-- tile's notation lists them) of the tile at the two arguments before it.
function Run:action_segments(play, text)
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  for i = 3, #words do
    if not words[i]:match("^%-?%d+$") then
      local x, y = tonumber(words[i - 2]), tonumber(words[i - 1])
      local th = x and y and play:game():tile_at(x, y)
      if not th then return text end
      local info = th:info()
      local seg = segment_at_spot(self.defs[info.id], info.rot, words[i])
      if not seg then return text end
      words[i] = tostring(seg)
    end
  end
  return table.concat(words, " ")
end

-- A move text as the move table play:why takes, or nil and why the text
-- names no move of this game at all.
function Run:move_of_text(play, text)
  local id, x, y, r = parse_place(text)
  if id then
    if not self.defs[id] then return nil, ("no tile '%s' in this game"):format(id) end
    return { type = "place", tile = id, x = x, y = y, rot = r }
  end
  local kind, spot = parse_deploy(text)
  if kind then
    if not self.rs.decl.figure_index[kind] then return nil, ("no figure '%s' in this game"):format(kind) end
    local th = play:placed()
    if not th then return { type = "deploy", figure = kind, at = { out = true } } end
    local info = th:info()
    local seg = segment_at_spot(self.defs[info.id], info.rot, spot)
    if not seg then return nil, ("the tile just placed (%s) has no segment at '%s'"):format(info.id, spot) end
    return { type = "deploy", figure = kind, at = { feature = th:feature(seg) } }, th:feature(seg)
  end
  if text == "pass" or text == "draw" then return { type = text } end
  local name = text:match("^action (%S+)")
  if name then
    local args = {}
    for w in self:action_segments(play, text):gmatch("%S+") do args[#args + 1] = tonumber(w) end
    return { type = "action", action = name, args = { args[1], args[2], args[3], args[4] } }
  end
  return nil, "not a move text (place, deploy, pass, draw, action)"
end

-- What the runner adds to the engine's reason word, for people.
local REASON_TEXT = {
  over = function() return "the game is over" end,
  phase = function(run, play, text)
    if text == "pass" then return ("nothing to pass in phase %s"):format(play:phase()) end
    return ("not a move of phase %s"):format(play:phase())
  end,
  draw_first = function() return "the turn is in its draw phase: play \"draw\" (or another draw-phase move) first" end,
  not_in_hand = function(run, play, text)
    local id = parse_place(text)
    if not play:game():has_placement(id) then return ("%s fits nowhere (it would be discarded)"):format(id) end
    return ("the tile in hand is %s, not %s"):format(tostring(play:tile()), id)
  end,
  taken = function(run, play, text) local _, x, y = parse_place(text) return ("cell %d,%d is taken"):format(x, y) end,
  blocked = function(run, play, text)
    local _, x, y = parse_place(text)
    return ("cell %d,%d is blocked (no tile may go there)"):format(x, y)
  end,
  isolated = function(run, play, text)
    local _, x, y = parse_place(text)
    return ("cell %d,%d touches no tile"):format(x, y)
  end,
  edge = function(run, play, text)
    local id, x, y, r = parse_place(text)
    return run:why_not_fits(play:game(), id, x, y, r)
  end,
  hole = function() return "a tile from hand goes only into a hole (four neighbours)" end,
  supply = function(run, play, text)
    local kind = parse_deploy(text)
    return ("player %d has no %s left in supply"):format(play:player(), kind)
  end,
  not_placed_tile = function() return "a figure goes only on the tile just placed" end,
  kind = function(run, play, text, fh)
    return ("a %s cannot stand on a %s"):format((parse_deploy(text)), fh and fh:kind() or "?")
  end,
  corner = function() return "not a corner where it may stand (four tiles, one feature)" end,
  occupied = function(run, play, text, fh)
    local who = {}
    for _, f in ipairs(fh and fh:figures() or {}) do
      local fi = f:info()
      who[#who + 1] = ("player %d's %s"):format(fi.owner, fi.kind)
    end
    return ("the %s is occupied (%s)"):format(fh and fh:kind() or "feature", table.concat(who, ", "))
  end,
  blocked_across = function(run, play, text, fh)
    return ("a figure of the same kind stands elsewhere in this system of %ss"):format(fh and fh:kind() or "feature")
  end,
  needs_own = function(run, play, text, fh)
    return ("player %d has no figure there that it needs (its own follower) on this %s"):format(
      play:player(), fh and fh:kind() or "feature")
  end,
  target = function(run, play) return ("no such choice in phase %s"):format(play:phase()) end,
  vetoed = function() return "refused by the rules' scripts (an allow hook)" end,
}

-- Why the engine refuses a move: the reason word of the engine's own
-- check (play:why), then the runner's words for people:
-- "occupied: the city is occupied (player 1's meeple)".
function Run:why_illegal(play, text)
  local move, fh = self:move_of_text(play, text)
  if not move then return fh end
  local ok, word = pcall(play.why, play, move)
  if not ok then return tostring(word) end
  if not word then return "legal" end
  local explain = REASON_TEXT[word]
  return explain and (word .. ": " .. explain(self, play, text, fh)) or word
end

-- Plays one move given as text; the tile named by a placement is drawn
-- for it when the tile in hand is another.
function Run:play_text(text, player)
  self:ensure_started()
  local p = self.play
  if text == "pass" and self:deploy_skipped() then return end
  if p:over() then error(("'%s': the game is over"):format(text), 0) end
  if player and p:player() ~= player then
    error(("'%s' is meant for player %d, but player %d is to move (phase %s)"):format(
      text, player, p:player(), p:phase()), 0)
  end
  local id = parse_place(text)
  if id and p:tile() and p:tile() ~= id and self:can_rewind() then
    if not self.defs[id] then error(("'%s': no tile '%s' in this game"):format(text, id), 0) end
    local stack = self:hand_stack()
    local ok, err = pcall(self.change_stacks, self, { kind = "force", stack = stack, ids = { id } })
    if not ok then
      error(("'%s': cannot draw %s for it: %s"):format(text, id, tostring(err)), 0)
    end
  end
  local canon = self:canonical(p, text)
  local i = p:find_move(canon)
  if not i then
    local legal = {}
    for k = 1, math.min(p:move_count(), 8) do legal[k] = p:move_name(k) end
    if p:move_count() > 8 then legal[#legal + 1] = "..." end
    error(("'%s' is illegal: %s (phase %s, player %d; legal: %s)"):format(
      text, self:why_illegal(p, text), p:phase(), p:player(),
      #legal > 0 and table.concat(legal, "; ") or "none"), 0)
  end
  self:before_move()
  p:apply_index(i)
  self.last = { kind = "move", text = canon }
  self:record_action(self.last)
end

-- "pass" right after a tile placement whose figure phase the engine
-- skipped (nothing could be deployed: no free segment, an empty supply):
-- it passes that phase, which is already behind.
function Run:deploy_skipped()
  local p, last = self.play, self.last
  if p:find_move("pass") or not last or last.kind ~= "move" or not last.text:match("^place ") then
    return false
  end
  local phase = p:phase()
  return p:over() or phase == "place_tile" or phase == "draw"
    or p:turn() ~= self.last_turn or p:part() ~= self.last_part
end

function Run:before_move()
  local p = self.play
  self.snapshot = p:clone()
  self.last_turn, self.last_part = p:turn(), p:part()
  self.moves_played = (self.moves_played or 0) + 1
end

-- }=====================================================================

-- {=====================================================================
-- Steps
-- ======================================================================

local STEP = {}

function STEP.play(run, s)
  for _, t in ipairs(s.texts) do run:play_text(t, s.player) end
end

local function legal_list(p)
  local legal = {}
  for k = 1, math.min(p:move_count(), 8) do legal[k] = p:move_name(k) end
  if p:move_count() > 8 then legal[#legal + 1] = "..." end
  return table.concat(legal, "; ")
end

-- turn(...): each move in order, passing the optional steps before it
-- that it skips (a figure not placed before an extra part's tile); then
-- pass until the turn is over.
function STEP.turn(run, s)
  run:ensure_started()
  local p = run.play
  local turn = p:turn()
  for _, t in ipairs(s.texts) do
    while t ~= "pass" and not p:over() and not run:legal_now(t) and p:find_move("pass")
          and not (parse_place(t) and p:phase() == "place_tile")
          and not (parse_deploy(t) and p:phase() == "place_figure") do
      run:play_text("pass", s.player)
    end
    run:play_text(t, s.player)
  end
  local guard = 0
  while not p:over() and p:turn() == turn do
    guard = guard + 1
    if guard > 100 then error("turn: the turn does not end", 0) end
    if p:find_move("pass") then
      run:play_text("pass", s.player)
    else
      local what = p:phase() == "place_tile" and p:part() > 1
        and ("part %d of the turn wants a tile: name it in turn(...)"):format(p:part())
        or ("phase %s wants a move, not a pass"):format(p:phase())
      error(("turn: %s (legal: %s)"):format(what, legal_list(p)), 0)
    end
  end
end

-- Would the move text be played now (as play_text would read it)?
function Run:legal_now(text)
  local p = self.play
  local id = parse_place(text)
  if id and p:tile() and p:tile() ~= id and self:can_rewind() then return true end
  return p:find_move(self:canonical(p, text)) ~= nil
end

function STEP.apply(run, s)
  run:ensure_started()
  run:before_move()
  run.play:apply(s.move)
  run.last = { kind = "apply", move = s.move }
  run:record_action(run.last)
end

function STEP.draws(run, s)
  run:change_stacks({ kind = "force", stack = s.stack, ids = s.ids })
end

function STEP.stack(run, s)
  run:change_stacks({ kind = "set", stack = s.stack, ids = s.ids })
end

function STEP.final(run)
  if run.started and run.play:over() then error("final(): the game is already over", 0) end
  if run.started and not run:can_rewind() then
    error(("final(): a turn is under way (phase %s); finish it first"):format(run.play:phase()), 0)
  end
  -- Before the first draw only an empty stack ends the game at once;
  -- after a turn the play can be told to end when that turn ends.
  local at_start = not run.started or run.last.kind == "start"
  run:change_stacks({ kind = (at_start or not run.play.end_game) and "empty" or "end" })
  run:ensure_started()
  if not run.play:over() then error("final(): the game did not end (phase " .. run.play:phase() .. ")", 0) end
end

function STEP.finish(run)
  run:ensure_started()
  local p = run.play
  local guard = 0
  while not p:over() do
    guard = guard + 1
    if guard > 10000 then error("finish(): the game does not end", 0) end
    local i = p:find_move("pass") or 1
    if p:move_count() == 0 then error("finish(): no legal move in phase " .. p:phase(), 0) end
    run:play_text(p:move_name(i))
  end
end

-- }=====================================================================

-- {=====================================================================
-- Expectations: each returns nil when it holds, or expected, actual
-- (and optionally a note).
-- ======================================================================

local function ledger_entries(g, turn0)
  local out = {}
  for _, e in ipairs(g:ledger()) do
    if turn0 == nil or e.turn == turn0 then
      out[#out + 1] = { player = e.player, points = e.points, reason = e.reason }
    end
  end
  return out
end

local function sort_entries(list)
  local copy = {}
  for i, e in ipairs(list) do copy[i] = { player = e.player, points = e.points, reason = e.reason } end
  table.sort(copy, function(a, b)
    if a.player ~= b.player then return a.player < b.player end
    if a.reason ~= b.reason then return tostring(a.reason) < tostring(b.reason) end
    return a.points < b.points
  end)
  return copy
end

local function need(cond, what)
  if not cond then error(what, 0) end
end

-- at = {x, y}, port = "N" (or spot = ..): the feature there.
local function feature_arg(run, spec, fname)
  need(type(spec) == "table", fname .. ": a table {at = {x, y}, port = ...} expected")
  need(type(spec.at) == "table", fname .. ": at = {x, y} expected")
  local spot = spec.port or spec.spot or spec.on
  need(spot ~= nil, fname .. ": port = \"N\" (or \"C\") expected")
  local fh, why = run:feature_handle(run.play:game(), spec.at[1], spec.at[2], spot)
  if not fh then error(fname .. ": " .. why, 0) end
  return fh
end

-- The players' figures on a feature, as their owners; neutral figures
-- (line markers a setup stood there) are no one's.
local function owners(fh)
  local out = {}
  for _, f in ipairs(fh:figures()) do
    local owner = f:info().owner
    if owner > 0 then out[#out + 1] = owner end
  end
  table.sort(out)
  return out
end

function EXPECTS.score(run, list)
  need(type(list) == "table", "expect.score: a list of totals expected")
  local got = run.play:game():scores()
  if not same(list, got) then return list, got end
end

function EXPECTS.final(run, list)
  need(type(list) == "table", "expect.final: a list of totals expected")
  if not run.play:over() then
    return "the game over with " .. show(list), "the game still running (phase " .. run.play:phase() .. ")"
  end
  local got = run.play:game():scores()
  if not same(list, got) then return list, got end
end

-- {player=, reason=, points=[, turn = "last"]}: the points a player got
-- for one reason (the whole game, or the last turn only).
function EXPECTS.points(run, spec)
  need(type(spec) == "table" and spec.player and spec.reason and spec.points,
       "expect.points: {player =, reason =, points =} expected")
  local turn0 = spec.turn == "last" and run:last_turn0() or nil
  local total = 0
  for _, e in ipairs(ledger_entries(run.play:game(), turn0)) do
    if e.player == spec.player and e.reason == spec.reason then total = total + e.points end
  end
  if total ~= spec.points then
    return ("player %d: %d for %s"):format(spec.player, spec.points, spec.reason),
           ("player %d: %d for %s"):format(spec.player, total, spec.reason)
  end
end

function EXPECTS.ledger_last_turn(run, list)
  need(type(list) == "table", "expect.ledger_last_turn: a list of {player =, points =, reason =} expected")
  local got = sort_entries(ledger_entries(run.play:game(), run:last_turn0()))
  local want = sort_entries(list)
  if not same(want, got) then return want, got end
end

-- The entries of the final scoring (after the last turn; the game must
-- be over).
function EXPECTS.ledger_final(run, list)
  need(type(list) == "table", "expect.ledger_final: a list of {player =, points =, reason =} expected")
  if not run.play:over() then
    return "the game over", "the game still running (phase " .. run.play:phase() .. ")"
  end
  local got = sort_entries(ledger_entries(run.play:game(), run.play:turn() - 1))
  local want = sort_entries(list)
  if not same(want, got) then return want, got end
end

function EXPECTS.ledger(run, list)
  need(type(list) == "table", "expect.ledger: a list of {player =, points =, reason =} expected")
  local got = sort_entries(ledger_entries(run.play:game(), nil))
  local want = sort_entries(list)
  if not same(want, got) then return want, got end
end

function EXPECTS.occupied(run, spec)
  local fh = feature_arg(run, spec, "expect.occupied")
  local want = {}
  for i, p in ipairs(spec.by or {}) do want[i] = p end
  table.sort(want)
  local got = owners(fh)
  if spec.by == nil then
    if #got == 0 then return "figures on it", "none" end
    return
  end
  if not same(want, got) then return { by = want }, { by = got } end
end

function EXPECTS.free(run, spec)
  local fh = feature_arg(run, spec, "expect.free")
  local got = owners(fh)
  if #got > 0 then return { by = {} }, { by = got } end
end

function EXPECTS.closed(run, spec)
  local fh = feature_arg(run, spec, "expect.closed")
  if not fh:closed() then return "closed", "open" end
end

function EXPECTS.open(run, spec)
  local fh = feature_arg(run, spec, "expect.open")
  if fh:closed() then return "open", "closed" end
end

-- {at=, port=, kind=, tiles=, closed=, figures=, points=, when=, ATTR=}
function EXPECTS.feature(run, spec)
  local fh = feature_arg(run, spec, "expect.feature")
  local info = fh:info()
  local want, got = {}, {}
  local skip = { at = true, port = true, spot = true, on = true, when = true }
  for k, v in pairs(spec) do
    if not skip[k] then
      want[k] = v
      if k == "kind" then got[k] = info.kind
      elseif k == "tiles" then got[k] = info.tiles
      elseif k == "closed" then got[k] = info.closed
      elseif k == "figures" then got[k] = owners(fh)
      elseif k == "points" then
        got[k] = run.play:formula_points(fh, spec.when or (info.closed and "closed" or "final"))
      elseif k == "value" then
        got[k] = run:hooked_points(fh, spec.when or (info.closed and "closed" or "final"))
      else
        local ok, v2 = pcall(fh.attr, fh, k)
        if not ok then error("expect.feature: '" .. k .. "' is neither a field nor an attribute", 0) end
        got[k] = v2
      end
    end
  end
  if want.figures then table.sort(want.figures) end
  if not same(want, got) then return want, got end
end

-- What scoring the feature now would pay its leaders: the formula, then
-- the rules' feature_points transforms (as the score phase runs them).
function Run:hooked_points(fh, when)
  local p = self.play
  local points = p:formula_points(fh, when)
  local d = self.rs.dispatch
  local hooked = false
  for _, name in ipairs(d and d[2] or {}) do hooked = hooked or name == "feature_points" end
  if not hooked then return points end
  local r = d[1]("feature_points", { phase = p:phase(), feature = fh, when = when, value = points,
                                    leaders = self:leaders(fh) }, p)
  return r.value or points
end

-- The players who lead a feature's majority, by the declared strengths.
function Run:leaders(fh)
  local strengths = {}
  for _, f in ipairs(self.rs.decl.figures) do
    strengths[f.name] = f.strength_attr and math.max(0, fh:attr(f.strength_attr)) or f.strength
  end
  local _, leaders = self.play:game():majority(fh, strengths)
  return leaders
end

-- expect.counter { player = 1, counter = "wine", value = 3 }
function EXPECTS.counter(run, spec)
  need(type(spec) == "table" and type(spec.counter) == "string" and math.type(spec.value) == "integer",
       "expect.counter: {player =, counter =, value =} expected")
  local player = spec.player or 1
  local ok, got = pcall(run.play:game().counter, run.play:game(), player, spec.counter)
  if not ok then error("expect.counter: " .. tostring(got), 0) end
  if got ~= spec.value then
    return ("player %d: %d %s"):format(player, spec.value, spec.counter), ("player %d: %d"):format(player, got)
  end
end

-- The line (x for a column, y for a row) of each placed figure of a kind.
local function figure_lines(g, kind, axis)
  local out = {}
  for _, fig in ipairs(g:placed_figures(kind)) do
    local at = fig:info().at
    local cell = at.cell or at.corner
    if at.feature then
      local i = at.feature:spot().tile:info()
      cell = { i.x, i.y }
    elseif at.tile then
      local i = at.tile:info()
      cell = { i.x, i.y }
    end
    if cell then out[#out + 1] = cell[axis] end
  end
  table.sort(out)
  return out
end

-- expect.marker { "surveyor", column = -2 }: a figure of that kind stands
-- in board column x = -2 (row = y for rows; count = n: exactly n there);
-- expect.marker { "surveyor", columns = { -2, 0 } }: exactly these.
function EXPECTS.marker(run, spec)
  need(type(spec) == "table" and type(spec[1]) == "string",
       "expect.marker: {\"kind\", column = x | row = y | columns = {..} | rows = {..}} expected")
  local rows = spec.row ~= nil or spec.rows ~= nil
  local got = figure_lines(run.play:game(), spec[1], rows and 2 or 1)
  local what = rows and "rows" or "columns"
  local list = spec.columns or spec.rows
  if list then
    local want = {}
    for i, v in ipairs(list) do want[i] = v end
    table.sort(want)
    if not same(want, got) then return { [what] = want }, { [what] = got } end
    return
  end
  local line = spec.column or spec.row
  need(math.type(line) == "integer", "expect.marker: column = x or row = y expected")
  local n = 0
  for _, v in ipairs(got) do if v == line then n = n + 1 end end
  if (spec.count and n ~= spec.count) or (not spec.count and n == 0) then
    return ("%s %s in %s %d"):format(spec.count or "some", spec[1], rows and "row" or "column", line),
           { [what] = got }
  end
end

-- A place move of a tile other than the one in hand is judged as if
-- that tile had been drawn.
local function judge(run, text)
  run:ensure_started()
  local p = run.play
  local id = parse_place(text)
  if id and p:tile() and p:tile() ~= id and run:can_rewind() and run.defs[id] then
    local copy = run:trial_with(id)
    if copy then p = copy end
  end
  local i = p:find_move(run:canonical(p, text))
  return i ~= nil, p
end

function EXPECTS.legal(run, text)
  need(type(text) == "string", "expect.legal: a move text expected")
  local ok, p = judge(run, text)
  if not ok then return "legal: " .. text, "illegal: " .. run:why_illegal(p, text) end
end

function EXPECTS.illegal(run, text, fragment)
  need(type(text) == "string", "expect.illegal: a move text expected")
  local ok, p = judge(run, text)
  if ok then return "illegal: " .. text, "legal" end
  local why = run:why_illegal(p, text)
  if fragment and not why:find(fragment, 1, true) then
    return ("illegal because of '%s'"):format(fragment), "illegal: " .. why
  end
end

-- expect.moves { "pass", "deploy meeple N" }: exactly these (any order);
-- expect.moves { match = "^deploy", count = 0 }: how many match.
function EXPECTS.moves(run, spec)
  need(type(spec) == "table", "expect.moves: a list of move texts or {match =, count =} expected")
  local p = run.play
  local names = {}
  for i = 1, p:move_count() do names[i] = p:move_name(i) end
  table.sort(names)
  if spec.count then
    local n, matched = 0, {}
    for _, nm in ipairs(names) do
      if nm:find(spec.match or "", 1, spec.match == nil) then n = n + 1; matched[#matched + 1] = nm end
    end
    if n ~= spec.count then
      return ("%d moves matching '%s'"):format(spec.count, spec.match or ""),
             ("%d: %s"):format(n, show(matched))
    end
    return
  end
  local want = {}
  for i, t in ipairs(spec) do want[i] = t end
  table.sort(want)
  if not same(want, names) then return want, names end
end

function EXPECTS.phase(run, name)
  if run.play:phase() ~= name then return name, run.play:phase() end
end

function EXPECTS.player(run, n)
  if run.play:player() ~= n then return n, run.play:player() end
end

function EXPECTS.turn(run, n)
  if run.play:turn() ~= n then return n, run.play:turn() end
end

function EXPECTS.part(run, n)
  if run.play:part() ~= n then return n, run.play:part() end
end

-- expect.tile "E": the tile in hand (nil: none).
function EXPECTS.tile(run, id)
  if run.play:tile() ~= id then return id, run.play:tile() end
end

function EXPECTS.over(run, flag)
  if flag == nil then flag = true end
  if run.play:over() ~= flag then
    return flag and "game over" or "game running", run.play:over() and "game over" or ("phase " .. run.play:phase())
  end
end

function EXPECTS.supply(run, spec)
  need(type(spec) == "table" and spec.player and spec.count, "expect.supply: {player =, kind =, count =} expected")
  local got = run.play:game():supply(spec.player, spec.kind or run.default_figure)
  if got ~= spec.count then
    return ("player %d: %d %s"):format(spec.player, spec.count, spec.kind or run.default_figure),
           ("player %d: %d"):format(spec.player, got)
  end
end

-- expect.discards(1) | expect.discards { "X" }: tiles removed unplaced.
function EXPECTS.discards(run, spec)
  local g = run.play:game()
  local n = g:discards()
  if type(spec) == "number" then
    if n ~= spec then return spec, n end
    return
  end
  local list = {}
  for _, e in ipairs(g:log()) do if e.event == "discard" then list[#list + 1] = e.tile end end
  local want = {}
  for i, t in ipairs(spec) do want[i] = t end
  table.sort(want); table.sort(list)
  if not same(want, list) then return want, list end
end

-- expect.stack { size = 3 [, stack = "main"] }
function EXPECTS.stack(run, spec)
  local g = run.play:game()
  local s = spec.stack or run.rs.decl.draw_stack
  local got = g:stack_size(s)
  if got ~= spec.size then return ("%d tiles in %s"):format(spec.size, s), got end
end

-- expect.tile_at { at = {x, y}, id = "E", rot = 2 } (id = false: empty)
function EXPECTS.tile_at(run, spec)
  local th = run.play:game():tile_at(spec.at[1], spec.at[2])
  if spec.id == false then
    if th then return "no tile", th:info().id end
    return
  end
  if not th then return spec.id, "no tile" end
  local info = th:info()
  local want, got = { id = spec.id }, { id = info.id }
  if spec.rot then want.rot, got.rot = spec.rot, info.rot end
  if not same(want, got) then return want, got end
end

-- The expectations that read the state of a turn need the play started.
function STEP.expect(run, s)
  run:ensure_started()
  local want, got = EXPECTS[s.name](run, unpack(s.args, 1, s.args.n))
  if want ~= nil or got ~= nil then
    run:fail(s.at, ("expect.%s: expected %s, got %s"):format(s.name, show(want), show(got)))
  end
end

-- }=====================================================================

-- {=====================================================================
-- The runner
-- ======================================================================

-- The ledger turn (0-based) of the last move played.
function Run:last_turn0()
  if self.last_turn then return self.last_turn - 1 end
  return self.play:turn() - 1
end

function Run:ledger_text()
  local g = self.play:game()
  local t0 = self:last_turn0()
  local parts = {}
  for _, e in ipairs(ledger_entries(g, t0)) do
    parts[#parts + 1] = ("P%d +%d %s"):format(e.player, e.points, e.reason)
  end
  local text = ("ledger of turn %d: %s"):format(t0 + 1, #parts > 0 and table.concat(parts, ", ") or "(nothing scored)")
  if self.play:over() and self.play:turn() - 1 ~= t0 then
    local fin = {}
    for _, e in ipairs(ledger_entries(g, self.play:turn() - 1)) do
      fin[#fin + 1] = ("P%d +%d %s"):format(e.player, e.points, e.reason)
    end
    text = text .. "; final scoring: " .. (#fin > 0 and table.concat(fin, ", ") or "(nothing scored)")
  end
  return text
end

function Run:fail(at, message, no_ledger)
  local f = { where = at, message = clean(message) }
  if not no_ledger and self.play then
    local ok, text = pcall(self.ledger_text, self)
    if ok then f.ledger = text end
    f.scores = self.play:game():scores()
  end
  self.failures[#self.failures + 1] = f
end

local function new_run(plan, rs)
  local run = setmetatable({ plan = plan, rs = rs, defs = defs_of(rs), record = {}, failures = {},
                             started = false }, Run)
  local figs = rs.decl.figures
  run.default_figure = figs[1] and figs[1].name or "meeple"
  return run
end

-- Re-plays the record on a fresh play of the same position; returns the
-- replayed play or raises.
local function replay(plan, rs, record)
  local run = new_run(plan, rs)
  local play = run:build()
  for _, a in ipairs(record) do
    if a.kind == "start" or a.kind == "move" or a.kind == "apply" then
      redo(play, a)
    else
      apply_mod(play, rs, a)
    end
  end
  return play
end

-- Runs a plan. Returns { ok =, failures =, replay_checked = }.
function M.run(plan, ctx)
  ctx = ctx or {}
  local root = ctx.root or "."
  -- messages that name their own file:line need no other position
  local function where(msg)
    if msg:sub(1, #plan.file + 1) == plan.file .. ":" then return nil end
    return plan.at or plan.file
  end
  local ok, rs = pcall(load_rules, plan, root)
  if not ok then
    rs = tostring(rs)
    return { ok = false, failures = { { where = where(rs), message = "loading the rules: " .. clean(rs) } } }
  end
  local run = new_run(plan, rs)
  local okb, play = pcall(run.build, run)
  if not okb then
    play = tostring(play)
    return { ok = false, failures = { { where = where(play), message = clean(play) } } }
  end
  run.play = play
  local aborted = false
  for _, s in ipairs(plan.steps) do
    local oks, err = pcall(STEP[s.op], run, s)
    if not oks then
      run:fail(s.at, tostring(err))
      aborted = true
      break
    end
  end
  if not aborted then
    if not run.started then run:ensure_started() end
    local okr, again = pcall(replay, plan, rs, run.record)
    if not okr then
      run:fail(plan.at, "replay: re-playing the record failed: " .. tostring(again), true)
    else
      local a = sort_entries(ledger_entries(run.play:game()))
      local b = sort_entries(ledger_entries(again:game()))
      local ra, rb = ledger_entries(run.play:game()), ledger_entries(again:game())
      if not same(ra, rb) then
        run:fail(plan.at, ("replay: the record gives another ledger: expected %s, got %s"):format(show(ra), show(rb)), true)
      elseif not same(a, b) then
        run:fail(plan.at, "replay: ledger order differs", true)
      elseif run.play:game():serialize() ~= again:game():serialize() then
        run:fail(plan.at, "replay: same ledger, but the final state differs", true)
      end
    end
  end
  return { ok = #run.failures == 0, failures = run.failures, record = run.record }
end

-- Runs one file: { file =, name =, ok =, failures = }.
function M.run_file(path, ctx)
  local plan, err = M.load_file(path)
  if not plan then
    return { file = path, name = "", ok = false, failures = { { message = clean(err) } } }
  end
  local r = M.run(plan, ctx)
  r.file, r.name = path, plan.name
  return r
end

-- }=====================================================================

-- {=====================================================================
-- meeple test
-- ======================================================================

M.HELP = [[
usage: meeple test [FILES|DIRS...]

Runs scenario files (scripted test games, see docs/scenarios.md): every
*.lua file given, and every *.lua file under each directory given that
has a line starting with `scenario "name"` (rule scripts kept beside
their scenarios are skipped), in name order. Without arguments:
tests/scenarios.

Prints one line per scenario, "ok" or "FAIL", with the details of each
failure indented below it (file:line, expected and actual values, the
ledger of the turn), and ends with "N passed, N failed". Every scenario
is also re-played from its own record, which must give the same ledger.

  --verbose, -v   also print the moves each scenario played

Exit status: 0 all passed, 1 a scenario failed or a file is missing,
2 usage error.
]]

local function list_dir(dir)
  -- io.popen is the host's; quote the path for the shell
  local q = "'" .. dir:gsub("'", "'\\''") .. "'"
  local p = io.popen("find " .. q .. " -type f -name '*.lua' 2>/dev/null | LC_ALL=C sort")
  if not p then return nil end
  local out = {}
  for line in p:lines() do out[#out + 1] = line end
  p:close()
  return out
end

-- A file under a directory is a scenario when a line starts with a
-- `scenario "name"` call: rule scripts and helpers kept beside their
-- scenarios are not run.
local function is_scenario_file(path)
  local text = readfile(path)
  return text ~= nil and ("\n" .. text):find("\n[ \t]*scenario[ \t]*[\"'%(%[]") ~= nil
end
M.is_scenario_file = is_scenario_file

local function is_dir(path)
  local f = io.open(path, "rb")
  if not f then return false end
  local ok, _, code = f:read(1)
  f:close()
  return ok == nil and code == 21 -- EISDIR
end

function M.main(args, ctx)
  local out, err = io.stdout, io.stderr
  local paths, verbose = {}, false
  for _, a in ipairs(args) do
    if a == "--help" or a == "-h" then out:write(M.HELP) return 0
    elseif a == "--verbose" or a == "-v" then verbose = true
    elseif a:sub(1, 1) == "-" then
      err:write(("meeple test: unknown option '%s'\ntry 'meeple test --help'\n"):format(a))
      return 2
    else paths[#paths + 1] = a end
  end
  if #paths == 0 then paths = { "tests/scenarios" } end
  local files, skipped = {}, 0
  for _, p in ipairs(paths) do
    if is_dir(p) then
      local list = list_dir(p) or {}
      for _, f in ipairs(list) do
        if is_scenario_file(f) then files[#files + 1] = f else skipped = skipped + 1 end
      end
    elseif exists(p) then
      files[#files + 1] = p
    else
      -- a missing input fails (1), as in 'meeple tiles check'; usage errors are 2
      err:write(("meeple test: no such file or directory '%s'\n"):format(p))
      return 1
    end
  end
  local passed, failed = 0, 0
  for _, f in ipairs(files) do
    local ok, r = pcall(M.run_file, f, ctx)
    if not ok then r = { file = f, name = "", ok = false, failures = { { message = "internal error: " .. clean(r) } } } end
    if r.ok then
      passed = passed + 1
      out:write(("ok   %s  %s\n"):format(f, r.name))
    else
      failed = failed + 1
      out:write(("FAIL %s  %s\n"):format(f, r.name))
      for _, fl in ipairs(r.failures) do
        out:write(("     %s%s\n"):format(fl.where and (fl.where .. ": ") or "", fl.message))
        if fl.ledger then out:write(("       %s\n"):format(fl.ledger)) end
        if fl.scores then out:write(("       scores now: %s\n"):format(show(fl.scores))) end
      end
    end
    if verbose and r.record then
      local moves = {}
      for _, a in ipairs(r.record) do
        if a.kind == "move" then moves[#moves + 1] = a.text
        elseif a.kind ~= "start" then moves[#moves + 1] = "[" .. a.kind .. (a.ids and (" " .. table.concat(a.ids, " ")) or "") .. "]" end
      end
      out:write(("       moves: %s\n"):format(table.concat(moves, "; ")))
    end
    out:flush()
  end
  out:write(("%d passed, %d failed%s\n"):format(passed, failed,
    skipped > 0 and (", %d file%s without a scenario line skipped"):format(skipped, skipped == 1 and "" or "s") or ""))
  return failed > 0 and 1 or 0
end

return M
