-- meeple.scenario.position: a scenario's rule set and its starting
-- position. load_rules loads the game, expansions, rules and inline
-- tiles and scripts the header names (files only from the game's roots
-- or beside the scenario); build lays out the setup on a fresh play.
-- Methods of the run (meeple.scenario.run), which installs them.

local loader = require "meeple.loader"
local meeple = require "meeple"
local files = require "meeple.files"
local spots = require "meeple.scenario.spots"

local dirname = loader.dirname
local board_port, segment_at_spot = spots.board_port, spots.segment_at_spot

local M = {}
local Run = {}
M.methods = Run

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
  -- (#43) a path is relative to the scenario file (files.resolve); the
  -- roots are meeple.files.roots_for's: the game's, the scenario's own
  -- directory, the working directory and the project root
  local here = dirname(plan.file)
  local roots = files.roots_for(plan.file, { root .. "/scripts", root .. "/tiles" })
  if here:match("scenarios$") then roots[#roots + 1] = dirname(here) end
  local function near(r)
    if type(r) ~= "string" or not (r:find("/", 1, true) or r:match("%.lua$")) then return r end
    return files.allow(plan.file, r, files.resolve(plan.file, r), roots)
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
    figure_counts = figure_counts(h.figures), unversioned = inline and { [plan.file] = true } or nil,
    run = run_script, script_dirs = { root .. "/scripts" }, tile_dirs = { root .. "/tiles" },
  }
end

local function defs_of(rs)
  local defs = {}
  for _, e in ipairs(rs.pool) do defs[e.tile.id] = e.tile end
  return defs
end
M.load_rules, M.defs_of = load_rules, defs_of

-- A fresh play in the scenario's position, not started.
function Run:build()
  local rs, h = self.rs, self.plan.header
  local players = h.players or rs.decl.players.default
  if h.first_player and (h.first_player < 1 or h.first_player > players) then
    error(("%s: scenario \"%s\": first_player must be 1..%d, got %d"):format(
      self.plan.at, self.plan.name, players, h.first_player), 0)
  end
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
      local kind = f.kind or self.default_figure
      local ok, fig, msg = pcall(g.deploy, g, f.player or self:default_owner(kind), kind, fh)
      if not ok then fail("figure: %s", tostring(fig)) end
      if not fig then fail("figure: %s", tostring(msg)) end
    end
  end
  return play
end

-- Who a setup figure belongs to when the entry names no player: player
-- 1, or nobody (0) for a kind only neutral copies exist of (a companion
-- such as the fairy, set next to a follower by naming that follower's
-- spot: it stands on the same feature).
function Run:default_owner(kind)
  for _, fd in ipairs(self.rs.decl.figures) do
    if fd.name == kind then
      return ((fd.per_player or 0) == 0 and (fd.neutral or 0) > 0) and 0 or 1
    end
  end
  return 1
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

return M
