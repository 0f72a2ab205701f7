-- meeple.loader.build: from the declarations scripts made to the
-- kernel's rules and the turn flow, frozen (Lua to C).

local meeple = require "meeple"
local tiles_mod = require "meeple.tiles"
local files = require "meeple.files"
local common = require "meeple.loader.common"
local api = require "meeple.loader.api"
local sorted_keys, readfile, exists, dirname = common.sorted_keys, common.readfile, common.exists,
  common.dirname
local tidy, find_script = common.tidy, common.find_script
local new_decl, make_api = api.new_decl, api.make_api

local M = {}

-- "file:line: " of a declaration, when known.
local function at(d) return d and d.at and (d.at .. ": ") or "" end

local FORMULA_KEYS = { per_tile = "tile", per_block_tile = "block", points = "const", const = "const" }

local function formula_terms(decl, kind, spec, where)
  local terms = {}
  if type(spec) ~= "table" then
    local d = decl.scores[kind] or {}
    error(("%s'%s' %s: expected a formula table { points = ..., per_tile = ... }, got %s"):format(
      at(d), kind, where, type(spec) == "string" and ("'" .. spec .. "'") or tostring(spec)), 0)
  end
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
    elseif key == "touching" then
      -- touching = { lake = { fish = 1 } }: 1 per fish summed over the
      -- distinct lakes touching the feature, each lake once
      for _, k in ipairs(sorted_keys(v)) do
        local per = v[k]
        if not decl.kind_index[k] or type(per) ~= "table" then
          error(("%sscore '%s' %s: touching wants { kind = { attribute = points } }, got '%s'"):format(
            at(decl.scores[kind]), kind, where, tostring(k)), 0)
        end
        for _, a in ipairs(sorted_keys(per)) do
          if not decl.attr_index[a] or math.type(per[a]) ~= "integer" then
            error(("%sscore '%s' %s: touching %s: '%s' is not a declared attribute with integer points"):format(
              at(decl.scores[kind]), kind, where, k, tostring(a)), 0)
          end
          terms[#terms + 1] = { "touching", k, per[a], nil, a }
        end
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

local function load_tile_sets(decl, rules, tile_dirs, script_dirs)
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
      -- where a script may make the host read: the game's roots and its own directory
      local roots = { dirname(set.script.path) }
      for _, d in ipairs(tile_dirs) do roots[#roots + 1] = d end
      for _, d in ipairs(script_dirs) do roots[#roots + 1] = d end
      local named = path or set.name
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
      files.allow(("%s: tiles"):format(set.at or set.script.path), named, path, roots)
      set.path = path
      local text = readfile(path)
      if text then decl.files[#decl.files + 1] = { path = path, hash = meeple.hash(text) } end
      list, err = tiles_mod.load_resolved(path)
    end
    if not list then error(err, 0) end
    local stack = set.stack or decl.draw_stack or "main"
    if not decl.stack_index[stack] then
      error(("%s: tiles '%s': unknown stack '%s' (declare it with stack)"):format(
        set.script.path, tostring(set.name), tostring(stack)), 0)
    end
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

function M.load(opts)
  check_opts(opts)
  local decl = new_decl()
  decl.files, decl.tags, decl.tag_list, decl.loaded_names = {}, {}, {}, {}
  local state = { loading = true, used_options = {} }
  local envs = {}
  local script_dirs = opts.script_dirs or { "scripts" }
  local tile_dirs = opts.tile_dirs or { "tiles" }
  local cli_options = opts.options or {}

  local names = { opts.game or "base" }
  for _, e in ipairs(opts.with or {}) do names[#names + 1] = e end
  for _, r in ipairs(opts.rules or {}) do names[#names + 1] = r end

  for i, name in ipairs(names) do
    local path, err = find_script(name, script_dirs)
    if not path then error(err, 0) end
    local code, rerr = readfile(path)
    if not code then error(rerr, 0) end
    local script = { name = name:match("([^/]+)%.lua$") or name, path = path, order = i }
    decl.scripts[#decl.scripts + 1] = script
    decl.files[#decl.files + 1] = { path = path, hash = meeple.hash(code) }
    local api = make_api(decl, script, cli_options, state)
    local env = opts.run("@" .. path, code, api)
    if type(env) == "table" then envs[#envs + 1] = env end
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
  -- globals are frozen from now on: every game starts alike
  local seal = rawget(_G, "meeple_host") and meeple_host.seal
  for _, env in ipairs(seal and envs or {}) do seal(env) end
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
  -- a definition the kernel refuses names the script line declaring it
  local function define(d, what, fn, ...)
    local ok, err = pcall(fn, rules, ...)
    if not ok then
      error(("%s%s: %s"):format(at(d), what, (tostring(err):gsub("^bad argument #%-?%d+ to '[^']*' %((.*)%)$", "%1"))), 0)
    end
  end
  for _, k in ipairs(decl.kinds) do
    define(k, "kind '" .. tostring(k.name) .. "'", rules.kind, k.name, { completion = k.closes, wildcard = k.wildcard })
  end
  for _, m in ipairs(decl.matches) do rules:match(m[1], m[2], m[3]) end
  for _, a in ipairs(decl.attrs) do rules:attr(a.name, a.merge) end
  if #decl.stacks == 0 then decl.stacks[1] = "main"; decl.stack_index.main = 1 end
  decl.draw_stack = decl.draw_stack or decl.stacks[1]
  for _, s in ipairs(decl.stacks) do rules:stack(s) end
  for _, f in ipairs(decl.figures) do
    define(f, "figure '" .. f.name .. "'", rules.figure, f.name, { per_player = f.per_player, neutral = f.neutral })
  end
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
  local pool = load_tile_sets(decl, rules, tile_dirs, script_dirs)
  apply_touches(decl, pool)
  for _, tag in ipairs(decl.tag_list) do rules:tag(tag) end
  for _, entry in ipairs(pool) do rules:tile(entry.tile) end

  -- The flow.
  local flow = meeple.flow(rules)
  -- a flow declaration that C refuses names the script line declaring it
  local function declare(d, what, fn, ...)
    local ok, err = pcall(fn, flow, ...)
    if not ok then
      error(("%s%s: %s"):format(at(d), what, (tostring(err):gsub("^bad argument #%-?%d+ to '[^']*' %((.*)%)$", "%1"))), 0)
    end
  end
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
    declare(f, "figure '" .. f.name .. "'", flow.figure, f.name, { on = f.on, group = f.group, blocked_by = blocked_by[i],
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
              terms[#terms + 1] = { t[1], t[2], t[3], b.only_with, t[5] }
            end
          end
        end
        if when == "closed" then declare(s, "score '" .. kind .. "'", flow.scoring, kind, when, terms, s.reason, false)
        else declare(s, "score '" .. kind .. "'", flow.scoring, kind, when, terms, s.final_reason, s.keep_figures) end
      end
    end
  end
  for _, b in ipairs(decl.bonuses) do
    if not decl.scores[b.kind] then error(("%sbonus '%s': the kind has no scoring to add to"):format(at(b), b.kind), 0) end
  end
  for _, g in ipairs(decl.gains) do declare(g, "gain", flow.gain_on_close, g.when_closed, g.per, g.counter) end
  for _, m in ipairs(decl.majorities) do
    declare(m, "majority", flow.final_majority, m.counter, m.points, m.reason or m.counter)
  end
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
    declare(sy, "system '" .. sy.name .. "'", flow.system,
            { kinds = sy.kinds, figure = sy.figure, reason = sy.reason, terms = terms })
  end
  local order = decl.stack_order
  if order then
    for _, name in ipairs(order.list) do
      if not decl.stack_index[name] then
        error(("%sstack_order: unknown stack '%s' (declare it with stack)"):format(at(order), name), 0)
      end
    end
    if order.list[#order.list] ~= decl.draw_stack then
      error(("%sstack_order: the last stack must be the draw stack '%s', not '%s'"):format(
        at(order), decl.draw_stack, order.list[#order.list]), 0)
    end
    declare(order, "stack_order", flow.stack, order.list)
  else
    flow:stack(decl.draw_stack)
  end
  for _, x in ipairs(decl.extras) do
    declare(x, "extra_part", flow.extra_part, { trigger = x.when, kinds = x.kinds or {}, figure = x.figure,
                                                attr = x.attr, stack = x.stack or decl.draw_stack })
  end
  for _, ph in ipairs(decl.phases) do declare(ph, ("phase '%s'"):format(ph.name), flow.phase, ph.name, ph.after) end
  local actions = {}
  for _, a in ipairs(decl.actions) do flow:action(a); actions[a] = true end
  if decl.line then
    local l = decl.line
    if l.spec.action and not actions[l.spec.action] then flow:action(l.spec.action) end
    local ok, err = pcall(flow.line_markers, flow, l.figure, l.spec)
    if not ok then error(("%s%s"):format(l.pos and (l.pos .. ": ") or "", (tostring(err):gsub("^bad argument #%d to '%?'", "line_markers"))), 0) end
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
    for _, name in ipairs(h.stacks or {}) do
      if not decl.stack_index[name] then
        error(("%s%s: unknown stack '%s' in stack"):format(at(h), h.kind, name), 0)
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

return M
