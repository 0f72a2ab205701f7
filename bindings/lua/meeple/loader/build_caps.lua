-- meeple.loader.build_caps: the capabilities' declarations (made through
-- meeple.loader.api_caps) checked against the whole rule set and handed
-- to the flow: gains, majorities, systems, extra parts, line markers,
-- the hand tile, relocations, recalls, score meetings and figure scorings.
--
-- Invariant: each step takes the build context b = { decl, flow, actions,
-- declare } of meeple.loader.build and runs once, in the order of that
-- module's FLOW_STEPS; a name a declaration refers to (kind, figure,
-- phase, tag) is checked here, when every script has run, and a failure
-- names the declaring script's line. Trusted host code.

local sorted_keys = require("meeple.loader.common").sorted_keys
local formula = require "meeple.loader.formula"
local fields = require("meeple.loader.schema").fields
local at, formula_terms = formula.at, formula.terms

local M = {}

-- Declares `name` as an action unless it is one already; a name C
-- refuses names the declaration d (what) that needs it.
local function need_action(b, d, what, name)
  if not b.actions[name] then b.declare(d, what, b.flow.action, name); b.actions[name] = true end
end

local function known_figure(decl, d, what)
  if not decl.figure_index[d.figure] then
    error(("%s%s: unknown figure '%s'"):format(at(d), what, d.figure), 0)
  end
end

-- d.phase must be a phase a script declared (the custom phase a
-- capability's moves wait in), else the error names the declaration.
local function script_phase(decl, d, what)
  for _, ph in ipairs(decl.phases) do
    if ph.name == d.phase then return end
  end
  error(("%s%s: '%s' is not a phase of a script (declare it: phase \"%s\" { after = ... })"):format(
    at(d), what, d.phase, d.phase), 0)
end

function M.gains(b)
  for _, g in ipairs(b.decl.gains) do b.declare(g, "gain", b.flow.gain, g.when_closed, g.per, g.counter) end
end

function M.majorities(b)
  for _, m in ipairs(b.decl.majorities) do
    b.declare(m, "majority", b.flow.majority, m.counter, m.points, m.reason or m.counter)
  end
end

-- A system's terms: its final formula, then each only_if formula with
-- the attribute it depends on.
local function system_terms(decl, sy)
  local terms = {}
  local what = "system '" .. sy.name .. "'"
  local function add(spec, cond)
    for _, t in ipairs(formula_terms(decl, sy, what, spec, cond and ("only_if " .. cond) or "final")) do
      if t[6] or t[1] ~= "const" and t[1] ~= "attr" and t[1] ~= "attr_over" and t[1] ~= "features" then
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
  return terms
end

function M.systems(b)
  local decl = b.decl
  for _, sy in ipairs(decl.systems) do
    for _, k in ipairs(sy.kinds) do
      if not decl.kind_index[k] then error(("%ssystem '%s': unknown kind '%s'"):format(at(sy), sy.name, tostring(k)), 0) end
    end
    if not decl.figure_index[sy.figure] then
      error(("%ssystem '%s': unknown figure '%s'"):format(at(sy), sy.name, sy.figure), 0)
    end
    b.declare(sy, "system '" .. sy.name .. "'", b.flow.system,
              { kinds = sy.kinds, figure = sy.figure, reason = sy.reason, terms = system_terms(decl, sy) })
  end
end

function M.extra_parts(b)
  for _, x in ipairs(b.decl.extra_parts) do
    b.declare(x, "extra_part", b.flow.extra_part, { trigger = x.when, kinds = x.kinds, figure = x.figure,
                                                    attr = x.attr, stack = x.stack or b.decl.draw_stack })
  end
end

function M.line_markers(b)
  local l = b.decl.line_markers
  if not l then return end
  if l.spec.action then need_action(b, l, "line_markers", l.spec.action) end
  local ok, err = pcall(b.flow.line_markers, b.flow, l.figure, l.spec)
  if not ok then error(("%s%s"):format(at(l), (tostring(err):gsub("^bad argument #%d to '%?'", "line_markers"))), 0) end
end

function M.hand_tile(b)
  local h = b.decl.hand_tile
  if not h then return end
  if not b.decl.figure_index[h.token] then error(("%shand_tile '%s': unknown figure '%s'"):format(at(h), h.tile, h.token), 0) end
  if h.decline then need_action(b, h, "hand_tile decline", h.decline) end
  b.declare(h, "hand_tile", b.flow.hand_tile, fields("hand_tile", h, { tile = h.tile }))
end

function M.relocations(b)
  local decl = b.decl
  for _, f in ipairs(decl.figures) do
    local r = f.relocate
    if r then
      for _, k in ipairs(r.to) do
        if not decl.kind_index[k] then error(("%sfigure '%s': unknown kind '%s' in relocate.to"):format(at(f), f.name, tostring(k)), 0) end
      end
      need_action(b, f, "figure '" .. f.name .. "' relocate", r.action)
      b.declare(f, "figure '" .. f.name .. "' relocate", b.flow.relocate,
                { figure = f.name, reach = r.reach, kinds = r.to, action = r.action })
    end
  end
end

-- A recall's names: figures (those no script declares left out, as a
-- companion's follows: a "follower" of an expansion not loaded; one must
-- be known), kinds, tile tags or attributes, and its narrowing. Returns
-- the known figures.
local function check_recall_names(decl, rc, what)
  local known = {}
  for _, name in ipairs(rc.figures) do
    if decl.figure_index[name] then known[#known + 1] = name end
  end
  if #known == 0 then error(("%s%s: unknown figure '%s'"):format(at(rc), what, rc.figures[1]), 0) end
  for _, k in ipairs(rc.on) do
    if not decl.kind_index[k] then error(("%s%s: unknown kind '%s' in on"):format(at(rc), what, k), 0) end
  end
  for _, k in ipairs(rc.near or {}) do
    if not decl.kind_index[k] then error(("%s%s: unknown kind '%s' in near"):format(at(rc), what, k), 0) end
  end
  for _, name in ipairs(rc.tiles or {}) do
    if not decl.tags[name] and not decl.attr_index[name] then
      error(("%s%s: '%s' in tiles is neither a tile tag nor an attribute"):format(at(rc), what, name), 0)
    end
  end
  if rc.where and not decl.attr_index[rc.where] then
    error(("%s%s: unknown attribute '%s' in where"):format(at(rc), what, rc.where), 0)
  end
  if rc.near_of == "where" and not (rc.where and rc.near) then
    error(("%s%s: near_of = \"where\" needs where and near"):format(at(rc), what), 0)
  end
  return known
end

-- A recall's phase: declared, and by a script (not a built-in one).
local function check_recall_phase(decl, rc, what, phase_names)
  if not phase_names[rc.phase] then
    error(("%s%s: unknown phase '%s' (declare it: phase \"%s\" { after = ... })"):format(
      at(rc), what, rc.phase, rc.phase), 0)
  end
  local custom = rc.phase == "place_figure"           -- instead of a deploy
  for _, ph in ipairs(decl.phases) do custom = custom or ph.name == rc.phase end
  if not custom then
    error(("%s%s: '%s' is a built-in phase; a recall needs a phase of its own (phase \"name\" { after = ... }) or place_figure"):format(
      at(rc), what, rc.phase), 0)
  end
end

function M.recalls(b)
  local phase_names = {}
  for _, ph in ipairs(b.flow:phases()) do phase_names[ph] = true end
  for _, rc in ipairs(b.decl.recalls) do
    local what = "recall '" .. rc.action .. "'"
    local figures = check_recall_names(b.decl, rc, what)
    check_recall_phase(b.decl, rc, what, phase_names)
    need_action(b, rc, what, rc.action)
    b.declare(rc, what, b.flow.recall, fields("recall", rc, { action = rc.action, figures = figures }))
  end
end

-- The figure scorings of `list` (score_meeting, score_figure): each
-- figure known, and the terms of each formula of `whens`, with the
-- record's bonus terms (figure -> formula) for a leader with that
-- figure there (a figure no loaded script declares adds nothing); then
-- tell(record, what, terms...) tells the flow.
local function figure_scorings(b, list, fname, whens, tell)
  local decl = b.decl
  for _, d in ipairs(list) do
    known_figure(decl, d, fname)
    local what = fname .. " '" .. d.figure .. "'"
    local terms = {}
    for i, when in ipairs(whens) do terms[i] = formula_terms(decl, d, what, d[when], when) end
    for _, fig in ipairs(sorted_keys(d.bonus or {})) do
      if decl.figure_index[fig] then
        for _, t in ipairs(formula_terms(decl, d, what, d.bonus[fig], "bonus " .. fig)) do
          for _, list_of in ipairs(terms) do list_of[#list_of + 1] = { t[1], t[2], t[3], fig, t[5], t[6] } end
        end
      end
    end
    tell(d, what, table.unpack(terms))
  end
end

function M.score_meetings(b)
  figure_scorings(b, b.decl.score_meetings, "score_meeting", { "placed", "joined" }, function(m, what, placed, joined)
    b.declare(m, what, b.flow.score_meeting, m.figure, placed, joined, m.reason)
  end)
end

function M.score_figures(b)
  figure_scorings(b, b.decl.score_figures, "score_figure", { "final" }, function(fs, what, terms)
    b.declare(fs, what, b.flow.score_figure, fs.figure, "final", terms, fs.reason, fs.per)
  end)
end

-- The figure names of `list` some loaded script declares.
local function declared_figures(decl, list)
  local out = {}
  for _, name in ipairs(list) do
    if decl.figure_index[name] then out[#out + 1] = name end
  end
  return out
end

-- The tile tags or attributes of field `field` of record d exist.
local function known_tiles(decl, d, what, field)
  for _, name in ipairs(d[field] or {}) do
    if not decl.tags[name] and not decl.attr_index[name] then
      error(("%s%s: '%s' in %s is neither a tile tag nor an attribute"):format(at(d), what, name, field), 0)
    end
  end
end

-- The figure kinds of d[field] some loaded script declares (a mayor or
-- a wagon only with Abbey & Mayor), in order; none is an error.
local function some_figures(b, d, what, field)
  local figures = declared_figures(b.decl, d[field])
  if #figures == 0 then error(("%s%s: none of its %s is a declared figure"):format(at(d), what, field), 0) end
  return figures
end

-- A walker's tags and phase must exist; the figures it avoids or spares
-- count only when some loaded script declares them (a barn: Abbey & Mayor).
function M.walker(b)
  local w = b.decl.walker
  if not w then return end
  local what = "walker '" .. w.figure .. "'"
  known_figure(b.decl, w, "walker")
  for _, field in ipairs({ "lands", "walks" }) do known_tiles(b.decl, w, what, field) end
  script_phase(b.decl, w, what)
  need_action(b, w, what, w.action)
  b.declare(w, what, b.flow.walker, { figure = w.figure, lands = w.lands, walks = w.walks, steps = w.steps,
    phase = w.phase, action = w.action, avoids = declared_figures(b.decl, w.avoids),
    spares = declared_figures(b.decl, w.spares) })
end

-- The companion's follower kinds that some loaded script declares (a
-- mayor or a wagon only with Abbey & Mayor), in its order.
function M.companion(b)
  local cp = b.decl.companion
  if not cp then return end
  local what = "companion '" .. cp.figure .. "'"
  known_figure(b.decl, cp, "companion")
  local follows = some_figures(b, cp, what, "follows")
  need_action(b, cp, what, cp.action)
  b.declare(cp, what, b.flow.companion, { figure = cp.figure, action = cp.action, follows = follows,
    turn_points = cp.turn_points, scored_points = cp.scored_points, final = cp.final, reason = cp.reason })
end

function M.deploy_anywhere(b)
  local d = b.decl.deploy_anywhere
  if not d then return end
  local what = "deploy_anywhere '" .. d.action .. "'"
  known_tiles(b.decl, d, what, "tiles")
  local figures = some_figures(b, d, what, "figures")
  need_action(b, d, what, d.action)
  b.declare(d, what, b.flow.deploy_anywhere, { action = d.action, tiles = d.tiles, figures = figures })
end

function M.evict(b)
  local d = b.decl.evict
  if not d then return end
  local what = "evict '" .. d.action .. "'"
  known_tiles(b.decl, d, what, "tiles")
  if d.attr ~= nil and not b.decl.attr_index[d.attr] then
    error(("%s%s: unknown attribute '%s' in attr"):format(at(d), what, tostring(d.attr)), 0)
  end
  local figures = some_figures(b, d, what, "figures")
  need_action(b, d, what, d.action)
  b.declare(d, what, b.flow.evict, { action = d.action, tiles = d.tiles, figures = figures, attr = d.attr })
end

-- Square counts: the attribute is the declaration's name; figure kinds
-- and an `unless` attribute no loaded script declares are left out.
function M.square_counts(b)
  for _, sc in ipairs(b.decl.square_counts) do
    local what = "square_count '" .. sc.attr .. "'"
    local spec = { attr = sc.attr, kinds = sc.kinds, scorers = some_figures(b, sc, what, "scorers"),
      reason = sc.reason }
    if sc.figures then spec.count, spec.figures = "figures", some_figures(b, sc, what, "figures")
    elseif sc.of_attr then spec.count, spec.of_attr = "attr", sc.of_attr
    elseif sc.tiles then spec.count, spec.of_kind = "tiles", sc.tiles
    else spec.count, spec.of_kind = "segments", sc.segments end
    if sc.unless and b.decl.attr_index[sc.unless] then spec.unless = sc.unless end
    b.declare(sc, what, b.flow.square_count, spec)
  end
end

-- Records: the counter is the declaration's name, declared by `counter`.
function M.records(b)
  for _, rc in ipairs(b.decl.records) do
    local what = "record '" .. rc.counter .. "'"
    b.declare(rc, what, b.flow.record, { kind = rc.kind, counter = rc.counter, reason = rc.reason,
      each_closed = rc.each_closed, final_each = rc.final_each, final = rc.final })
  end
end

function M.split_occupancy(b)
  local d = b.decl.split_occupancy
  if not d then return end
  local what = "split_occupancy '" .. d.action .. "'"
  known_figure(b.decl, d, what)
  if not b.decl.attr_index[d.attr] then
    error(("%s%s: unknown attribute '%s' in attr"):format(at(d), what, tostring(d.attr)), 0)
  end
  need_action(b, d, what, d.action)
  b.declare(d, what, b.flow.split_occupancy, { action = d.action, figure = d.figure, attr = d.attr })
end

function M.tile_variants(b)
  local v = b.decl.tile_variants
  if not v then return end
  b.declare(v, "tile_variants", b.flow.tile_variants, { pairs = v.pairs, counter = v.counter, limit = v.limit })
end

-- A token pool's figure, stack, phase, attribute and tag must exist; its
-- two actions are declared here unless a script did.
function M.token_pool(b)
  local tp = b.decl.token_pool
  if not tp then return end
  local what = "token_pool '" .. tp.figure .. "'"
  known_figure(b.decl, tp, what)
  if not b.decl.stack_index[tp.stack] then error(("%s%s: unknown stack '%s'"):format(at(tp), what, tp.stack), 0) end
  if not b.decl.attr_index[tp.value] then error(("%s%s: unknown attribute '%s'"):format(at(tp), what, tp.value), 0) end
  if tp.bust and not b.decl.tags[tp.bust] then error(("%s%s: unknown tile tag '%s'"):format(at(tp), what, tp.bust), 0) end
  script_phase(b.decl, tp, what)
  need_action(b, tp, what, tp.grow)
  need_action(b, tp, what, tp.cash)
  b.declare(tp, what, b.flow.token_pool, { figure = tp.figure, stack = tp.stack, phase = tp.phase, grow = tp.grow,
    cash = tp.cash, value = tp.value, bust = tp.bust, reason = tp.reason })
end

function M.pairing(b)
  local d = b.decl.pairing
  if not d then return end
  b.declare(d, "pairing", b.flow.pairing, { a = d.a, b = d.b, rival = d.rival })
end

-- A move_anywhere's phase, tags and marks must exist; its figures are
-- its own (neutral ones, declared by the same script).
function M.move_anywhere(b)
  local d = b.decl.move_anywhere
  if not d then return end
  local what = "move_anywhere '" .. d.action .. "'"
  known_tiles(b.decl, d, what, "tiles")
  for _, name in ipairs(d.figures) do known_figure(b.decl, { figure = name, at = d.at }, what) end
  for _, name in ipairs(d.marks or {}) do
    if not b.decl.attr_index[name] then
      error(("%s%s: unknown attribute '%s' in marks"):format(at(d), what, tostring(name)), 0)
    end
  end
  script_phase(b.decl, d, what)
  need_action(b, d, what, d.action)
  b.declare(d, what, b.flow.move_anywhere, { phase = d.phase, action = d.action, tiles = d.tiles,
    on = d.on, figures = d.figures, marks = d.marks })
end

return M
