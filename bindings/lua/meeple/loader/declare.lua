-- meeple.loader.declare: what the declaration calls of meeple.loader.api
-- and api_caps share: the loading check, name checks, the script's line,
-- figure group masks, and one builder per shape of call: `name "x"`
-- (name_list), `x { spec }` (table_list, table_arg), `x "name" { spec }`
-- (named, named_list) and a declaration made once a game (once). The
-- shapes that take a table check it against its schema
-- (meeple.loader.schema) and hand on a copy with the defaults filled in.
--
-- Invariant: these helpers add no stack level of their own between the
-- script and the declaration that calls them, so error levels counted in
-- the declarations (2 or 3: the script's line) stay right.
-- Trusted host code, never visible to scripts.

local check_schema = require("meeple.loader.schema").check

local M = {}

-- Raises (at the script's call: level 3) once the rules are frozen.
function M.check_loading(state, what)
  if not state.loading then
    error(what .. ": declarations are only allowed while the rules load", 3)
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
M.checkname = checker("^[%a_][%w_]*$", "name")
M.tile_id = checker("^[%w_][%w_%.%-]*$", "tile id")

-- "file:line" of the call `level` frames up (pcall adds none of its own
-- to error's count), or false.
function M.where(m)
  return type(m) == "string" and m:match("^(.*):%s*@$")
end

-- "file:line" of the script's call to the declaration that calls this
-- (a declaration the script calls directly), else the script's path: a
-- record built from it always names the user's file.
function M.script_line(c)
  local _, m = pcall(error, "@", 4)
  return M.where(m) or c.script.path
end

-- `counter "wine"` style: a name appended to c.decl[list], its script
-- line in c.decl[list .. "_at"]. unique: a second declaration of the
-- name is an error; else the name is kept once.
function M.name_list(c, fname, list, unique)
  local names, at = c.decl[list], c.decl[list .. "_at"]
  return function(name)
    M.check_loading(c.state, fname)
    M.checkname(fname, name)
    if at[name] then
      if unique then error(("%s '%s' is already declared"):format(fname, name), 2) end
      return
    end
    names[#names + 1] = name
    at[name] = M.script_line(c)
  end
end

-- `gain { counter = ..., ... }` style: one table, checked against the
-- schema of `fname` and recorded, defaults filled in, with its script
-- line (`at`) in c.decl[list].
function M.table_list(c, fname, list)
  return function(spec)
    M.check_loading(c.state, fname)
    if type(spec) ~= "table" then
      error(("bad argument #1 to '%s' (table expected, got %s)"):format(fname, type(spec)), 2)
    end
    local record = check_schema(fname, spec, fname, 2)
    record.at = M.script_line(c)
    local records = c.decl[list]
    records[#records + 1] = record
  end
end

-- `start { ... }` style: one table (`expected` says what, in the
-- message), then f(spec, pos) with the script's line; f raises at
-- level 3 for the script.
function M.table_arg(c, fname, expected, f)
  return function(spec)
    M.check_loading(c.state, fname)
    if type(spec) ~= "table" then error(("bad argument #1 to '%s' (%s expected)"):format(fname, expected), 2) end
    local _, m = pcall(error, "@", 3)
    -- not a tail call: errors at level 3 must land on the script's line
    local result = f(spec, M.where(m))
    return result
  end
end

-- `kind "city" { ... }` style: a name (a tile id with check = tile_id),
-- then a table checked against the schema of `fname`; f(name, spec, pos)
-- gets a copy with the schema's defaults filled in, and raises at level
-- 3 for the script.
function M.named(state, fname, f, check)
  return function(name)
    M.check_loading(state, fname)
    ;(check or M.checkname)(fname, name)
    return function(spec)
      if spec ~= nil and type(spec) ~= "table" then
        error(("bad argument #1 to '%s \"%s\"' (table expected, got %s)"):format(fname, name, type(spec)), 2)
      end
      -- every key the schema of `fname` lists, and no other
      spec = check_schema(fname, spec or {}, ("%s '%s'"):format(fname, name), 2, name)
      -- the script's line, kept for checks made once every script ran
      local _, m = pcall(error, "@", 3)
      local pos = M.where(m)
      -- not a tail call: errors at level 3 must land on the script's line
      local result = f(name, spec, pos)
      return result
    end
  end
end

-- `score_figure "barn" { ... }` style: a named declaration whose table
-- (checked, defaults filled in) is its record, with its name as
-- record[name_key] and its script line as `at`, appended to
-- c.decl[list]. check(record), if given, says what the schema cannot
-- (raising at level 4: the script's line); name_check as in named.
function M.named_list(c, fname, list, name_key, check, name_check)
  local records = c.decl[list]
  return M.named(c.state, fname, function(name, spec, pos)
    spec[name_key], spec.at = name, pos
    if check then check(spec) end
    records[#records + 1] = spec
  end, name_check)
end

-- A declaration a game makes once (line_markers, hand_tile): a second
-- one raises at the script's line (level 4: through the declaration).
function M.once(decl, fname, why)
  if decl[fname] then error(("%s: declared twice (%s)"):format(fname, why), 4) end
end

-- `walker "dragon" { ... }` style: a named declaration made once per game,
-- whose checked table is its record c.decl[fname], with its name as
-- record[name_key] and its script line as `at`; check(record), if given,
-- says what the schema cannot (raising at level 4: the script's line).
function M.single(c, fname, name_key, check)
  local decl = c.decl
  return M.named(c.state, fname, function(name, spec, pos)
    M.once(decl, fname, "one " .. fname .. " per game")
    spec[name_key], spec.at = name, pos
    if check then check(spec) end
    decl[fname] = spec
  end)
end

-- The bit of figure group `name`, declared on first use (at most 31).
local function group_bit(decl, name)
  local bit = decl.group_bit[name]
  if not bit then
    if #decl.groups >= 31 then error("too many figure groups", 6) end
    decl.groups[#decl.groups + 1] = name
    bit = 1 << (#decl.groups - 1)
    decl.group_bit[name] = bit
  end
  return bit
end

-- A group name or list of names -> their bit mask (nil: 0). Called by
-- the figure declaration through one helper: level 5 is the script.
function M.groups_mask(decl, list)
  local mask = 0
  if type(list) == "string" then list = { list } end
  if list ~= nil and type(list) ~= "table" then
    error(("a figure group must be a name or a list of names, got %s"):format(tostring(list)), 5)
  end
  for _, g in ipairs(list or {}) do
    if type(g) ~= "string" then error(("a figure group must be a name, got %s"):format(tostring(g)), 5) end
    mask = mask | group_bit(decl, g)
  end
  return mask
end

-- True when v is a non-empty list of strings (nil counts when optional).
function M.is_name_list(v, optional)
  if v == nil then return optional or false end
  local ok = type(v) == "table" and #v > 0
  for _, name in ipairs(ok and v or {}) do ok = ok and type(name) == "string" end
  return ok
end

return M
