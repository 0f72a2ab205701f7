-- meeple.loader.formula: a scoring formula as a script writes it
-- ({ per_tile = 2, pennant = 2, per_adjacent_closed = { city = 3 } })
-- to the list of terms the flow's C scoring evaluates.
--
-- Invariant: a term is { kind, name, points, only_with, other, if_attr }, the
-- argument meeple.flow's scoring, system and meeting calls take; terms
-- come in sorted key order, so a formula gives the same terms on every
-- run. Trusted host code, never visible to scripts.

local sorted_keys = require("meeple.loader.common").sorted_keys

local M = {}

-- "file:line: " of a declaration, when known.
local function at(d) return d and d.at and (d.at .. ": ") or "" end
M.at = at

local FORMULA_KEYS = { per_tile = "tile", per_block_tile = "block", points = "const", const = "const" }

-- Raises "WHAT where: <msg>" at the line of the declaration that holds
-- the formula (f.d: a score, system, bonus, score_meeting, ...).
local function fail(f, msg, ...)
  error(("%s%s %s: " .. msg):format(at(f.d), f.what, f.where, ...), 0)
end

local function kind_terms(f, key, v, term)
  for _, k in ipairs(sorted_keys(v)) do
    if not f.decl.kind_index[k] then fail(f, "unknown kind '%s' in %s", k, key) end
    f.terms[#f.terms + 1] = { term, k, v[k] }
  end
end

local TERMS = {}

function TERMS.per_feature(f, key, v) kind_terms(f, key, v, "features") end
function TERMS.per_adjacent(f, key, v) kind_terms(f, key, v, "adjacent") end
function TERMS.per_adjacent_closed(f, key, v) kind_terms(f, key, v, "adjacent_closed") end

-- per_figure_on_tiles = { marker = 2 }: 2 per such figure standing on a
-- tile the feature covers (a figure kind declared to_tile), each tile
-- once; per_figure_in_block: on the 3x3 block around a one-tile feature
local function figure_terms(f, key, v, term)
  if type(v) ~= "table" then fail(f, "%s wants { figure = points }, got %s", key, type(v)) end
  for _, k in ipairs(sorted_keys(v)) do
    if not f.decl.figure_index[k] or math.type(v[k]) ~= "integer" then
      fail(f, "%s: '%s' is not a declared figure with integer points", key, tostring(k))
    end
    f.terms[#f.terms + 1] = { term, k, v[k] }
  end
end
function TERMS.per_figure_on_tiles(f, key, v) figure_terms(f, key, v, "tile_figures") end
function TERMS.per_figure_in_block(f, key, v) figure_terms(f, key, v, "block_figures") end

-- per_excess = { deer = { over = "tiger", points = 1 } }: max(0, deer - tiger) points
function TERMS.per_excess(f, _, v)
  local decl = f.decl
  for _, a in ipairs(sorted_keys(v)) do
    local e = v[a]
    if type(e) ~= "table" or not decl.attr_index[a] or not decl.attr_index[e.over]
       or math.type(e.points) ~= "integer" then
      fail(f, "per_excess wants { attribute = { over = attribute, points = n } }, got '%s'",
           tostring(a))
    end
    f.terms[#f.terms + 1] = { "attr_over", a, e.points, nil, e.over }
  end
end

-- touching = { lake = { fish = 1 } }: 1 per fish summed over the
-- distinct lakes touching the feature, each lake once;
-- touching_closed the same over the completed ones only
local function touching_terms(f, key, v)
  local decl = f.decl
  for _, k in ipairs(sorted_keys(v)) do
    local per = v[k]
    if not decl.kind_index[k] or type(per) ~= "table" then
      fail(f, key .. " wants { kind = { attribute = points } }, got '%s'", tostring(k))
    end
    for _, a in ipairs(sorted_keys(per)) do
      if not decl.attr_index[a] or math.type(per[a]) ~= "integer" then
        fail(f, key .. " %s: '%s' is not a declared attribute with integer points",
             k, tostring(a))
      end
      f.terms[#f.terms + 1] = { key, k, per[a], nil, a }
    end
  end
end
TERMS.touching = touching_terms
TERMS.touching_closed = touching_terms

-- only_if = { inn = { per_tile = 1 } }: those terms count only when the
-- feature's attribute is not 0 (a road with an inn: 1 more per tile)
function TERMS.only_if(f, _, v)
  if type(v) ~= "table" then fail(f, "only_if wants { attribute = formula }, got %s", type(v)) end
  for _, a in ipairs(sorted_keys(v)) do
    if not f.decl.attr_index[a] then fail(f, "only_if names unknown attribute '%s'", tostring(a)) end
    for _, t in ipairs(M.terms(f.decl, f.d, f.what, v[a], f.where .. " only_if " .. a)) do
      if t[6] or t[1] == "zero_if" then fail(f, "only_if %s: a formula inside only_if has no only_if or zero_if", a) end
      f.terms[#f.terms + 1] = { t[1], t[2], t[3], t[4], t[5], a }
    end
  end
end

-- zero_if = "inn" (or a list): the formula gives 0 when the feature's
-- attribute is not 0 (an unfinished road with an inn)
function TERMS.zero_if(f, _, v)
  local list = type(v) == "string" and { v } or v
  if type(list) ~= "table" then fail(f, "zero_if wants an attribute or a list of them, got %s", type(v)) end
  for _, a in ipairs(list) do
    if not f.decl.attr_index[a] then fail(f, "zero_if names unknown attribute '%s'", tostring(a)) end
    f.terms[#f.terms + 1] = { "zero_if", a, 0 }
  end
end

-- The terms of formula `spec`, declared by d (its line names errors) as
-- `what` ("score 'city'", "system 'huts'"); `where` says which formula
-- ("closed", "final", "placed", ...).
function M.terms(decl, d, what, spec, where)
  local f = { decl = decl, d = d, what = what, where = where, terms = {} }
  if type(spec) ~= "table" then
    fail(f, "expected a formula table { points = ..., per_tile = ... }, got %s",
         type(spec) == "string" and ("'" .. spec .. "'") or tostring(spec))
  end
  for _, key in ipairs(sorted_keys(spec)) do
    local v = spec[key]
    if FORMULA_KEYS[key] then
      f.terms[#f.terms + 1] = { FORMULA_KEYS[key], "", v }
    elseif TERMS[key] then
      TERMS[key](f, key, v)
    elseif decl.attr_index[key] then
      f.terms[#f.terms + 1] = { "attr", key, v }
    else
      -- "did you mean" over every word a formula takes (#43: per_tiles)
      local words = {}   -- a set, as schema.nearest takes
      for k in pairs(FORMULA_KEYS) do words[k] = true end
      for k in pairs(TERMS) do words[k] = true end
      for _, a in ipairs(f.decl.attrs) do words[a.name] = true end
      local near = type(key) == "string" and require("meeple.loader.schema").nearest(key, words)
      fail(f, "'%s' is neither a formula term nor a declared attribute%s", key,
           near and ("; did you mean '" .. near .. "'?") or "")
    end
  end
  return f.terms
end

return M
