-- meeple.loader.build: from the declarations scripts made to the
-- kernel's rules and the turn flow, frozen (Lua to C).
--
-- Invariant: load runs the scripts, then builds in a fixed order: the
-- kernel's rules (kinds, matches, attributes, stacks, figures, reasons,
-- counters, regions, tiles), then the flow, one step of FLOW_STEPS at a
-- time, then freezes it; what C is told never depends on pairs() order,
-- and a definition C refuses names the script line that declared it.

local meeple = require "meeple"
local common = require "meeple.loader.common"
local api = require "meeple.loader.api"
local formula = require "meeple.loader.formula"
local tilesets = require "meeple.loader.tilesets"
local caps = require "meeple.loader.build_caps"
local errors = require "meeple.errors"
local api_version = require "meeple.loader.api_version"
local hooks = require "meeple.loader.dispatch"
local sorted_keys, readfile, find_script = common.sorted_keys, common.readfile, common.find_script
local new_decl, make_api = api.new_decl, api.make_api
local at, formula_terms = formula.at, formula.terms

local M = {}

-- What load is given comes from users (scenario headers, records, the
-- embedding API): checked here, so a wrong type is a message, not a
-- runtime error inside the loader.
local function check_opts(opts)
  local function bad(field, want, v)
    error(("%s: expected %s, got %s"):format(field, want, type(v) == "string" and ("'" .. v .. "'") or tostring(v)), 0)
  end
  if opts.game ~= nil and (type(opts.game) ~= "string" or opts.game == "") then bad("game", "a script name", opts.game) end
  for _, field in ipairs({ "with", "rules" }) do
    local list = opts[field]
    if list ~= nil and type(list) ~= "table" then bad(field, "a list of script names", list) end
    for i, v in ipairs(list or {}) do
      if type(v) ~= "string" or v == "" then bad(("%s[%d]"):format(field, i), "a script name", v) end
    end
  end
  if opts.options ~= nil and type(opts.options) ~= "table" then bad("options", "a table of option = value", opts.options) end
  for k, v in pairs(opts.options or {}) do
    if type(k) ~= "string" then bad("options", "option names", k) end
    if type(v) ~= "string" then bad("option '" .. k .. "'", "a value as text", v) end
  end
end


-- Runs every script (game, expansions, house rules) in order; returns
-- the environments they left, to seal.
local function run_scripts(decl, state, opts)
  local script_dirs, cli_options = opts.script_dirs or { "scripts" }, opts.options or {}
  local names = { opts.game or "base" }
  for _, e in ipairs(opts.with or {}) do names[#names + 1] = e end
  for _, r in ipairs(opts.rules or {}) do names[#names + 1] = r end
  local envs = {}
  for i, name in ipairs(names) do
    local path, err = find_script(name, script_dirs)
    if not path then error(err, 0) end
    local code, rerr = readfile(path)
    if not code then error(rerr, 0) end
    local script = { name = name:match("([^/]+)%.lua$") or name, path = path, order = i }
    decl.scripts[#decl.scripts + 1] = script
    decl.files[#decl.files + 1] = { path = path, hash = meeple.hash(code) }
    -- opts.unversioned[path]: a file whose scripts are not a script's own
    -- (a scenario's inline rules), run as the current API without a check
    if opts.unversioned and opts.unversioned[path] then script.api = api_version.CURRENT end
    api_version.before(path, code)
    local ok, env = pcall(opts.run, "@" .. path, code, make_api(decl, script, cli_options, state))
    api_version.after(script, code, ok, env, opts.warn, opts.api_check)
    if type(env) == "table" then envs[#envs + 1] = env end
    decl.loaded_names[script.expansion or script.name] = true
    if i == 1 and not decl.game then
      error(("%s: a game script must begin with game \"name\""):format(path), 0)
    end
  end
  return envs
end

-- An option given on the command line that no script declared.
local function check_used_options(decl, state, cli_options)
  for _, k in ipairs(sorted_keys(cli_options)) do
    if not state.used_options[k] then
      local known = {}
      for _, d in ipairs(decl.options) do known[#known + 1] = d.name end
      error(("unknown option '%s' (known: %s)"):format(k, #known > 0 and table.concat(known, ", ") or "none"), 0)
    end
  end
end

-- figure_counts = { barn = 2 }: how many of a figure each player gets,
-- for one run (a scenario's own supplies).
local function apply_figure_counts(decl, counts)
  for _, name in ipairs(sorted_keys(counts or {})) do
    local i = decl.figure_index[name]
    if not i then error(("figures: no figure '%s' in this game"):format(tostring(name)), 0) end
    local n = counts[name]
    if math.type(n) ~= "integer" or n < 0 then
      error(("figures: %s = %s: a count >= 0 expected"):format(name, tostring(n)), 0)
    end
    decl.figures[i].per_player = n
  end
end

-- Calls fn(target, ...); an error C raises names the declaration's line.
local function call_declared(target, d, what, fn, ...)
  local ok, err = pcall(fn, target, ...)
  if not ok then
    error(("%s%s: %s"):format(at(d), what, errors.reason(err)), 0)
  end
end

-- Every score reason, once each, in a fixed order: the kinds' reasons,
-- declared reasons, then those of the capabilities; "bonus" last. A
-- reason C refuses names the first declaration that gave it.
local function define_reasons(decl, rules)
  local reasons = {}
  local function reason(r, d)
    if not reasons[r] then reasons[r] = true; call_declared(rules, d, "reason", rules.reason, r) end
  end
  for _, kind in ipairs(sorted_keys(decl.scores)) do
    local s = decl.scores[kind]
    reason(s.reason, s); reason(s.final_reason, s)
  end
  for _, r in ipairs(decl.reasons) do reason(r, { at = decl.reasons_at[r] }) end
  local line_reason = decl.line_markers and decl.line_markers.spec.reason
  if type(line_reason) == "string" then reason(line_reason, decl.line_markers) end
  for _, m in ipairs(decl.majorities) do reason(m.reason or m.counter, m) end
  for _, sy in ipairs(decl.systems) do reason(sy.reason, sy) end
  for _, list in ipairs({ decl.score_figures, decl.score_meetings, decl.companion and { decl.companion } or {},
                          decl.token_pool and { decl.token_pool } or {} }) do
    for _, fs in ipairs(list) do reason(fs.reason, fs) end
  end
  if not reasons.bonus then rules:reason("bonus") end
end

-- Tile tags and tiles, from the pool: what C refuses names the tile's
-- file and line.
local function define_tiles(decl, rules, pool)
  local tag_tile = {}
  for _, entry in ipairs(pool) do
    for _, tag in ipairs(entry.tile.tags) do tag_tile[tag] = tag_tile[tag] or entry.tile end
  end
  local function line_of(t) return { at = ("%s:%s"):format(t.file or "inline tiles", t.line or "?") } end
  for _, tag in ipairs(decl.tag_list) do
    local t = tag_tile[tag]
    call_declared(rules, line_of(t), "tile " .. t.id, rules.tag, tag)
  end
  for _, entry in ipairs(pool) do
    call_declared(rules, line_of(entry.tile), "tile " .. entry.tile.id, rules.tile, entry.tile)
  end
end

-- The kernel's definitions; returns the rules and the tile pool.
local function build_rules(decl, opts)
  local rules = meeple.rules()
  for _, k in ipairs(decl.kinds) do
    call_declared(rules, k, "kind '" .. tostring(k.name) .. "'", rules.kind, k.name,
                  { completion = k.closes, wildcard = k.wildcard })
  end
  for _, m in ipairs(decl.matches) do call_declared(rules, m, "match", rules.match, m[1], m[2], m[3]) end
  for _, a in ipairs(decl.attrs) do call_declared(rules, a, "attribute '" .. a.name .. "'", rules.attr, a.name, a.merge) end
  if #decl.stacks == 0 then decl.stacks[1] = "main"; decl.stack_index.main = 1 end
  decl.draw_stack = decl.draw_stack or decl.stacks[1]
  for _, s in ipairs(decl.stacks) do call_declared(rules, { at = decl.stack_at[s] }, "stack", rules.stack, s) end
  for _, f in ipairs(decl.figures) do
    call_declared(rules, f, "figure '" .. f.name .. "'", rules.figure, f.name,
                  { per_player = f.per_player, neutral = f.neutral })
  end
  define_reasons(decl, rules)
  for _, c in ipairs(decl.counters) do call_declared(rules, { at = decl.counters_at[c] }, "counter", rules.counter, c) end
  for _, b in ipairs(decl.regions) do call_declared(rules, b, "blocked_region", rules.block_region, b[1], b[2], b[3], b[4]) end
  local pool = tilesets.load(decl, opts.tile_dirs or { "tiles" }, opts.script_dirs or { "scripts" })
  tilesets.apply_touches(decl, pool)
  define_tiles(decl, rules, pool)
  return rules, pool
end

-- `blocks` is blocked_by seen from the other side: a figure that keeps
-- the figures of some groups out of its feature without being one of
-- them (a barn keeps farmers out and is no follower).
local function blocked_by_masks(decl)
  local blocked_by = {}
  for i, f in ipairs(decl.figures) do
    blocked_by[i] = f.blocked_by
    for _, o in ipairs(decl.figures) do
      if o.blocks & f.group ~= 0 then blocked_by[i] = blocked_by[i] | o.group end
    end
  end
  return blocked_by
end

local function check_figure_names(decl, f)
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
end

local function flow_figures(b)
  local blocked_by = blocked_by_masks(b.decl)
  for i, f in ipairs(b.decl.figures) do
    check_figure_names(b.decl, f)
    b.declare(f, "figure '" .. f.name .. "'", b.flow.figure, f.name, { on = f.on, group = f.group,
              blocked_by = blocked_by[i], needs_own = f.needs_own, blocks = f.blocks,
              strength = f.strength, stays = f.stays,
              strength_attr = f.strength_attr, blocked_across = f.blocked_across, corner = f.corner,
              blocks_tile = f.blocks_tile, to_tile = f.to_tile })
  end
end

-- The terms of the kind's `when` formula plus the bonus terms of each
-- bonus declaration for it (with only_with they count only with their
-- figure there, and a figure no loaded script declares adds nothing: a
-- pig's share when Traders & Builders is not played; without, they
-- count for every leader, as the formula's own).
local function score_terms(decl, kind, s, when)
  local terms = formula_terms(decl, s, "score '" .. kind .. "'", s[when], when)
  for _, bn in ipairs(decl.bonuses) do
    if bn.kind == kind and bn[when] and (bn.only_with == nil or decl.figure_index[bn.only_with]) then
      for _, t in ipairs(formula_terms(decl, bn, "bonus '" .. kind .. "'", bn[when], when)) do
        terms[#terms + 1] = { t[1], t[2], t[3], bn.only_with, t[5], t[6] }
      end
    end
  end
  return terms
end

local function flow_scores(b)
  local decl = b.decl
  for _, kind in ipairs(sorted_keys(decl.scores)) do
    if not decl.kind_index[kind] then error(("%sscore: unknown kind '%s'"):format(at(decl.scores[kind]), kind), 0) end
    local s = decl.scores[kind]
    if s.closed then
      b.declare(s, "score '" .. kind .. "'", b.flow.score, kind, "closed", score_terms(decl, kind, s, "closed"),
                s.reason, false)
    end
    if s.final then
      b.declare(s, "score '" .. kind .. "'", b.flow.score, kind, "final", score_terms(decl, kind, s, "final"),
                s.final_reason, s.keep_figures)
    end
  end
  for _, bn in ipairs(decl.bonuses) do
    if not decl.scores[bn.kind] then error(("%sbonus '%s': the kind has no scoring to add to"):format(at(bn), bn.kind), 0) end
  end
end

-- The draw stack, or the stacks played out in order before it.
local function flow_stack(b)
  local decl, order = b.decl, b.decl.stack_order
  for _, j in ipairs(decl.stack_joins or {}) do
    if not decl.kind_index[j.kind] then
      error(("%sstack '%s': joins names unknown kind '%s'"):format(at(j), j.stack, j.kind), 0)
    end
    b.declare(j, "stack '" .. j.stack .. "'", b.flow.joins, j.stack, j.kind)
    if j.turns then b.declare(j, "stack '" .. j.stack .. "'", b.flow.turns, j.stack, j.turns) end
  end
  for _, a in ipairs(decl.stack_set_aside or {}) do
    for _, name in ipairs(a.set_aside) do
      if not decl.tags[name] and not decl.attr_index[name] then
        error(("%sstack '%s': '%s' in set_aside is neither a tile tag nor an attribute"):format(at(a), a.stack, name), 0)
      end
    end
    b.declare(a, "stack '" .. a.stack .. "'", b.flow.set_aside, a.stack, { ["until"] = a.set_aside })
  end
  if not order then return b.flow:stack(decl.draw_stack) end
  for _, name in ipairs(order.list) do
    if not decl.stack_index[name] then
      error(("%sstack_order: unknown stack '%s' (declare it with stack)"):format(at(order), name), 0)
    end
  end
  if order.list[#order.list] ~= decl.draw_stack then
    error(("%sstack_order: the last stack must be the draw stack '%s', not '%s'"):format(
      at(order), decl.draw_stack, order.list[#order.list]), 0)
  end
  b.declare(order, "stack_order", b.flow.stack, order.list)
end

local function flow_phases(b)
  for _, ph in ipairs(b.decl.phases) do b.declare(ph, ("phase '%s'"):format(ph.name), b.flow.phase, ph.name, ph.after) end
end

local function flow_actions(b)
  for _, a in ipairs(b.decl.actions) do
    b.declare({ at = b.decl.actions_at[a] }, "action", b.flow.action, a, b.decl.action_args[a])
    b.actions[a] = true
  end
end

-- The flow is told in this order: what later steps refer to (phases,
-- actions) comes before them.
local FLOW_STEPS = {
  flow_figures, flow_scores, caps.gains, caps.majorities, caps.systems, flow_stack,
  caps.extra_parts, flow_phases, flow_actions, caps.line_markers, caps.hand_tile,
  caps.relocations, caps.recalls, caps.score_meetings, caps.score_figures, caps.companion,
  caps.walker, caps.deploy_anywhere, caps.evict, caps.records, caps.square_counts,
  caps.split_occupancy, caps.tile_variants, caps.token_pool, caps.move_anywhere, caps.pairing,
}

local function build_flow(decl, rules)
  local flow = meeple.flow(rules)
  local b = { decl = decl, flow = flow, actions = {} }
  function b.declare(d, what, fn, ...) return call_declared(flow, d, what, fn, ...) end
  for _, step in ipairs(FLOW_STEPS) do step(b) end
  flow:freeze()
  return flow
end

function M.load(opts)
  check_opts(opts)
  local decl = new_decl()
  decl.files, decl.tags, decl.tag_list, decl.loaded_names = {}, {}, {}, {}
  local state = { loading = true, used_options = {} }
  local envs = run_scripts(decl, state, opts)
  check_used_options(decl, state, opts.options or {})
  state.loading = false
  -- globals are frozen from now on: every game starts alike
  local seal = rawget(_G, "meeple_host") and meeple_host.seal
  for _, env in ipairs(seal and envs or {}) do seal(env) end
  apply_figure_counts(decl, opts.figure_counts)
  local rules, pool = build_rules(decl, opts)
  local flow = build_flow(decl, rules)
  hooks.finish(decl, flow)
  -- what the scripts hold now (their locals, their tables) is what every
  -- game starts from (meeple.loader's new_game, flow:simulate)
  local fresh = seal and meeple_host.snapshot(envs, { decl }, rules) or nil
  return { decl = decl, rules = rules, flow = flow, pool = pool, files = decl.files,
           options = decl.options, hooks = decl.hooks, fresh = fresh }
end

return M
