-- meeple.loader.common: what the loader's parts share: the hook kinds,
-- feature completion and merge names, and file, path and option helpers.
-- Trusted host code, never visible to scripts.

local M = {}

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  return keys
end

-- Regular files only, size-capped (meeple.files).
local readfile = require("meeple.files").read

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() return true end
  return false
end

local function dirname(path)
  return path:match("^(.*)/[^/]*$") or "."
end

-- "./scripts/../tiles/x" -> "tiles/x": the paths records show.
local function tidy(path)
  local n
  repeat path, n = path:gsub("[^/]+/%.%./", "", 1) until n == 0 or path:match("^%.%./")
  path = path:gsub("^%./", "")
  return path
end

-- The script names (x for x.lua) in the directories, sorted; empty
-- where the directory cannot be listed (no meeple.fs: a stock lua5.4).
local function script_names(dirs)
  local ok, fs = pcall(require, "meeple.fs")
  local names, seen = {}, {}
  for _, d in ipairs(ok and dirs or {}) do
    for _, f in ipairs(fs.list(d) or {}) do
      local n = f:match("^([%w_%-]+)%.lua$")
      if n and not seen[n] then seen[n], names[#names + 1] = true, n end
    end
  end
  table.sort(names)
  return names
end

-- A script name ("base", "traders_builders") or a path ("./x/y.lua").
-- Not found: the message names where it looked (normalized), the nearest
-- name ("did you mean") and the names there are.
local function find_script(name, dirs)
  local normalize = require("meeple.files").normalize
  if name:find("/", 1, true) or name:match("%.lua$") then
    if exists(name) then return name end
    local cwd = require("meeple.files").cwd()
    return nil, ("script '%s' not found (looked for %s)"):format(name,
      name:sub(1, 1) == "/" and name or (normalize(cwd .. "/" .. name) or name))
  end
  for _, d in ipairs(dirs) do
    local p = d .. "/" .. name .. ".lua"
    if exists(p) then return tidy(p) end
  end
  local shown = {}
  for i, d in ipairs(dirs) do shown[i] = normalize(d) or d end
  local names, set = script_names(dirs), {}
  for _, n in ipairs(names) do set[n] = true end
  local near = require("meeple.loader.schema").nearest(name, set)
  return nil, ("no script '%s' in %s%s%s"):format(name, table.concat(shown, ", "),
    near and ("; did you mean '" .. near .. "'?") or "",
    #names > 0 and (" (there: " .. table.concat(names, ", ") .. ")") or "")
end

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

M.sorted_keys, M.readfile, M.exists, M.dirname = sorted_keys, readfile, exists, dirname
M.tidy, M.find_script, M.coerce = tidy, find_script, coerce

return M
