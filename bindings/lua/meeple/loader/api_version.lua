-- meeple.loader.api_version: the script API as a contract (#43). A
-- script says which API it is written for (`api "2"` anywhere, or `api
-- = 2` in its game or expansion table); the loader refuses one written
-- for a newer API than this meeple runs, and runs an older or undeclared
-- one as the current API when none of the older API's idioms is in its
-- text (with one warning per file and process), else refuses it with the
-- line to change. Trusted host code, never visible to scripts.
--
-- Invariant: the idiom scan reads the script's text with its comments
-- and strings blanked out (newlines kept), so a line number it gives is
-- the script's, and a word in a message or comment is never flagged.
--
-- The APIs (CHANGELOG.md says what changed, with the release):
--   1  before 0.1.0's hook contract (#19): a feature in a hook was a
--      plain table (f.kind, f.attrs.x, f.handle, f.when, f.leaders)
--   2  0.1.0: a feature is its handle (f:kind(), f:attr("x"), f:info();
--      when and leaders are in the hook's args); a second start tile
--      says replace = true

local M = {}

M.CURRENT = 2
M.OLDEST = 1

-- The text with comments and string contents replaced by spaces.
function M.blank(code)
  local out, i, n = {}, 1, #code
  local function keep_lines(s) return (s:gsub("[^\n]", " ")) end
  while i <= n do
    local c = code:sub(i, i)
    local long = code:match("^%-%-%[(=*)%[", i)
    if long then
      local close = code:find("]" .. long .. "]", i, true)
      local j = close and close + #long + 1 or n
      out[#out + 1] = keep_lines(code:sub(i, j)); i = j + 1
    elseif code:sub(i, i + 1) == "--" then
      local j = code:find("\n", i, true) or n + 1
      out[#out + 1] = keep_lines(code:sub(i, j - 1)); i = j
    elseif c == "[" and code:match("^%[=*%[", i) then
      local eq = code:match("^%[(=*)%[", i)
      local close = code:find("]" .. eq .. "]", i, true)
      local j = close and close + #eq + 1 or n
      out[#out + 1] = "[" .. eq .. "[" .. keep_lines(code:sub(i + #eq + 2, j - #eq - 2)) .. "]" .. eq .. "]"
      i = j + 1
    elseif c == '"' or c == "'" then
      local j = i + 1
      while j <= n do
        local d = code:sub(j, j)
        if d == "\\" then j = j + 2
        elseif d == c or d == "\n" then break
        else j = j + 1 end
      end
      out[#out + 1] = c .. keep_lines(code:sub(i + 1, j - 1)) .. c; i = j + 1
    else
      local j = code:find("[%-%[\"']", i) or n + 1
      if j == i then j = i + 1 end
      out[#out + 1] = code:sub(i, j - 1); i = j
    end
  end
  return table.concat(out)
end

local function line_of(text, pos)
  local _, nl = text:sub(1, pos):gsub("\n", "")
  return nl + 1
end

-- The API the text declares, and its line: the first line that opens
-- with `api "N"` (or api(N)), or a game or expansion line with `api = N`.
function M.declared(code)
  local n = 0
  for line in (code .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local v = line:match("^%s*api%s*%(?%s*[\"']?(%d+)")
    if not v and (line:match("^%s*game%s*%(?%s*[\"']") or line:match("^%s*expansion%s*%(?%s*[\"']")) then
      v = line:match("%f[%w_]api%s*=%s*[\"']?(%d+)")
    end
    if v then return tonumber(v), n end
  end
end

-- Names a hook gets a feature under: the second parameter of an
-- on("feature_scored") or transform("feature_points") function, written
-- inline or as a named function.
local FEATURE_EVENTS = { "on%s*%(?%s*\"feature_scored\"", "transform%s*%(?%s*\"feature_points\"",
                         "on%s*%(?%s*'feature_scored'", "transform%s*%(?%s*'feature_points'" }

local function feature_names(code, blanked)
  local names, fns = {}, {}
  for _, ev in ipairs(FEATURE_EVENTS) do
    -- events are strings, so read them in the text and the rest in the blanked text
    for at in code:gmatch("()" .. ev) do
      local rest = blanked:sub(at)
      local p = rest:match("^[^,]*,%s*function%s*%(%s*[%w_]+%s*,%s*([%w_]+)")
      if p then names[p] = true end
      local f = rest:match("^[^,]*,%s*([%a_][%w_]*)%s*[,)]")
      if f and f ~= "function" then fns[f] = true end
    end
  end
  for f in pairs(fns) do
    for p in blanked:gmatch("function%s+" .. f .. "%s*%(%s*[%w_]+%s*,%s*([%w_]+)") do names[p] = true end
    for p in blanked:gmatch(f .. "%s*=%s*function%s*%(%s*[%w_]+%s*,%s*([%w_]+)") do names[p] = true end
  end
  return names
end

-- What API 1 wrote and API 2 says instead: field -> the migration line.
local IDIOMS = {
  { "kind", "%s.kind is a method since script API 2 (a feature is its handle), so comparing it with a value is always false: write %s:kind()" },
  { "attrs", "%s.attrs is gone since script API 2: write %s:attr(\"name\")" },
  { "handle", "%s.handle is gone since script API 2: the feature is its handle, write %s" },
  { "when", "%s.when is gone since script API 2: it is args.when, the hook's last argument (%s's hook gets (ctx, feature, ..., args))" },
  { "leaders", "%s.leaders is gone since script API 2: it is args.leaders, the hook's last argument (%s's hook gets (ctx, feature, ..., args))" },
}

-- Every API 1 idiom in the text: { line =, message = }, in text order.
function M.old_idioms(code)
  local blanked = M.blank(code)
  local found = {}
  local names = feature_names(code, blanked)
  local list = {}
  for name in pairs(names) do list[#list + 1] = name end
  table.sort(list)
  for _, name in ipairs(list) do
    for _, idiom in ipairs(IDIOMS) do
      for at, after in blanked:gmatch("()%f[%w_]" .. name .. "%." .. idiom[1] .. "%f[^%w_]()") do
        -- a field of something else (move.at.feature: below) is not the
        -- parameter; f.kind is a method, so only a comparison is the idiom
        -- (type(f.kind) == "function" is right in API 2)
        local before = at > 1 and blanked:sub(at - 1, at - 1) or ""
        local compared = blanked:match("^%s*[=~]=", after) or blanked:sub(1, at - 1):match("[=~]=%s*$")
        if before ~= "." and before ~= ":" and (idiom[1] ~= "kind" or compared) then
          found[#found + 1] = { pos = at, message = idiom[2]:format(name, name) }
        end
      end
    end
  end
  for at in blanked:gmatch("()%.feature%.kind%s*[=~]=") do
    found[#found + 1] = { pos = at + 1, message = "feature.kind is a method since script API 2 (a feature is its handle), so comparing it with a value is always false: write feature:kind()" }
  end
  table.sort(found, function(a, b) return a.pos < b.pos end)
  for _, f in ipairs(found) do f.line = line_of(blanked, f.pos) end
  return found
end

-- Checks a declared value: the API number, or an error message.
function M.parse(v)
  local n = math.type(v) == "integer" and v or (type(v) == "string" and v:match("^%d+$") and tonumber(v))
  if not n or n < M.OLDEST then
    return nil, ("api must be a script API number (%d to %d), got %s"):format(M.OLDEST, M.CURRENT, tostring(v))
  end
  if n > M.CURRENT then return nil, M.newer_message(n) end
  return n
end

function M.newer_message(n)
  local version = require("meeple").version
  return ("written for script API %d; this meeple (%s) runs script API %d and older: update meeple (CHANGELOG.md says what each API adds)"):format(
    n, version, M.CURRENT)
end

-- Before the script runs: refuses a newer API by its text alone, so the
-- message is about the API and not about a declaration this meeple lacks.
function M.before(path, code)
  local n, line = M.declared(code)
  if n and n > M.CURRENT then error(("%s:%d: %s"):format(path, line, M.newer_message(n)), 0) end
end

local warned = {}

-- Errors an API 1 script meets under API 2, and what changed: the note a
-- failing older or undeclared script's message gets (#43: a River written
-- earlier failed with the start message and nothing said it changed).
local CHANGED = {
  { "already lays the start", "a second start tile says replace = true since script API 2 (meeple 0.1.0)" },
  { "field 'attrs'", "f.attrs is gone since script API 2: write f:attr(\"name\")" },
  { "field 'handle'", "f.handle is gone since script API 2: the feature is its handle" },
}

local function changed_note(err)
  for _, c in ipairs(CHANGED) do
    if err:find(c[1], 1, true) then return c[2] end
  end
end

-- The one line a script of an older or no API gets: the first idiom's
-- migration, or nil when none is in its text.
function M.migration(path, code, api)
  local idioms = M.old_idioms(code)
  if #idioms == 0 then return nil end
  local more = #idioms > 1 and (" (and %d more like it)"):format(#idioms - 1) or ""
  return ("%s:%d: %s%s; %s"):format(path, idioms[1].line, idioms[1].message, more,
    api and ("this script declares script API %d; once changed, declare api \"%d\""):format(api, M.CURRENT)
        or ("this script declares no script API version; once changed, declare api \"%d\""):format(M.CURRENT))
end

-- After the script ran (ok = its run succeeded, err its message): the
-- error to raise instead, or nil; warns once for an older or undeclared
-- script that runs.
function M.after(script, code, ok, err, warn, mode)
  local api = script.api
  if api == M.CURRENT then
    if not ok then error(err, 0) end
    return
  end
  local why = M.migration(script.path, code, api)
  if why and mode ~= "warn" then error(why, 0) end
  if not ok then
    -- an undeclared script's error stays as it is (most are not about
    -- the API) unless it is one API 2 is known to cause
    if type(err) ~= "string" then error(err, 0) end
    local note = changed_note(err)
    if not api and not note then error(err, 0) end
    error(("%s (%s%s; CHANGELOG.md says what changed in script API %d)"):format(err,
      api and ("written for script API " .. api) or "no script API version declared",
      note and (": " .. note) or "", M.CURRENT), 0)
  end
  local key = script.path .. "\0" .. tostring(api)
  if warned[key] then return end
  warned[key] = true
  local msg = api and ("%s: written for script API %d, run as script API %d (no API %d idiom found); declare api \"%d\" once checked (meeple check)\n"):format(
    script.path, api, M.CURRENT, api, M.CURRENT)
    or ("%s: declares no script API version, run as script API %d; add api \"%d\" (or api = %d in its game or expansion table)\n"):format(
      script.path, M.CURRENT, M.CURRENT, M.CURRENT)
  -- inside the meeple command the warning waits for the command to
  -- succeed (meeple.cli), so a failing one still prints one line
  local cli = package.loaded["meeple.cli.common"]
  if warn then warn(msg)
  elseif type(cli) == "table" and cli.warn then cli.warn(msg)
  else io.stderr:write("meeple: warning: " .. msg) end
end

-- The `api` declaration a script calls: api "2".
function M.declare(script, v, level)
  local n, why = M.parse(v)
  if not n then error(why, level + 1) end
  if script.api and script.api ~= n then
    error(("api: this script already declared script API %d"):format(script.api), level + 1)
  end
  script.api = n
end

return M
