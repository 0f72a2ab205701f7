-- testlib: a tiny assertion helper for tests/lua/*_test.lua.
--
--   local t = require("testlib").new("tiles grammar")
--   t:eq(1 + 1, 2, "sum")
--   t:same({1, {2}}, {1, {2}}, "deep")
--   t:ok(cond, "message")
--   t:done()   -- prints "N passed, M failed" and exits non-zero on failure
--
-- Checks never raise; a failure prints its name and what differed.

local M = {}
M.__index = M

local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 6 then return "{...}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  local parts, n = {}, #v
  for _, k in ipairs(keys) do
    if type(k) == "number" and k >= 1 and k <= n and math.type(k) == "integer" then
      parts[#parts + 1] = show(v[k], depth + 1)
    else
      local ks = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. show(k) .. "]"
      parts[#parts + 1] = ks .. "=" .. show(v[k], depth + 1)
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

-- Deep comparison; returns nil if equal, else a path to the first difference.
local function diff(a, b, path)
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b then return nil end
    return string.format("%s: got %s, expected %s", path, show(a), show(b))
  end
  local keys = {}
  for k in pairs(a) do keys[k] = true end
  for k in pairs(b) do keys[k] = true end
  local list = {}
  for k in pairs(keys) do list[#list + 1] = k end
  table.sort(list, function(x, y) return tostring(x) < tostring(y) end)
  for _, k in ipairs(list) do
    local d = diff(a[k], b[k], path .. "." .. tostring(k))
    if d then return d end
  end
  return nil
end
M.diff = diff

function M.new(name)
  return setmetatable({ name = name, passed = 0, failed = 0 }, M)
end

function M:pass() self.passed = self.passed + 1; return true end

function M:fail(msg)
  self.failed = self.failed + 1
  io.stdout:write("FAIL ", self.name, ": ", msg, "\n")
  return false
end

function M:ok(cond, msg)
  if cond then return self:pass() end
  return self:fail(msg or "condition is false")
end

function M:eq(got, want, msg)
  if got == want then return self:pass() end
  return self:fail(string.format("%s: got %s, expected %s", msg or "eq", show(got), show(want)))
end

function M:same(got, want, msg)
  local d = diff(got, want, "value")
  if not d then return self:pass() end
  return self:fail((msg or "same") .. ": " .. d)
end

function M:done()
  io.stdout:write(string.format("%d passed, %d failed\n", self.passed, self.failed))
  os.exit(self.failed == 0 and 0 or 1)
end

--- Rule scripts from inline code: each code in a temporary file NAME.lua.
-- Returns the file names, and a function that removes every file made.
function M.rule_files(codes)
  local files, temps = {}, {}
  for i, code in ipairs(codes) do
    local base = os.tmpname()
    local f = assert(io.open(base .. ".lua", "w"))
    f:write(code)
    f:close()
    temps[#temps + 1], temps[#temps + 2], files[i] = base, base .. ".lua", base .. ".lua"
  end
  return files, function()
    for _, p in ipairs(temps) do os.remove(p) end
  end
end

--- Repository root: $MEEPLE_ROOT (set by CTest) or the current directory.
function M.root()
  local r = os.getenv("MEEPLE_ROOT")
  if r and r ~= "" then return r end
  return "."
end

-- meeple.so for a test run by ctest: MEEPLE_CPATH (set by tests/cli.cmake)
-- is the pattern that finds it. Fails the test t without it.
function M.module(t)
  local cpath = os.getenv("MEEPLE_CPATH")
  if not cpath then
    t:fail("MEEPLE_CPATH is not set (run through ctest)")
    t:done()
  end
  package.cpath = cpath .. ";" .. package.cpath
  return require "meeple"
end

-- Runs the ```lua blocks of docs/lua-api.md's section `title` (a Lua
-- pattern) in order, in one chunk, from the repository root; each
-- `print(...) --> expected` must print what the comment says (its first
-- word; the rest may be a gloss). At least min_expected such lines.
function M.doc_examples(t, title, min_expected)
  local root = M.root()
  local f = assert(io.open(root .. "/docs/lua-api.md"))
  local page = f:read("a")
  f:close()
  local section = page:match("\n## " .. title .. "\n(.-)\n## ")
  t:ok(section ~= nil, "the section is there")

  local code, expected = {}, {}
  for block in section:gmatch("```lua\n(.-)```") do
    for line in block:gmatch("([^\n]*)\n") do
      code[#code + 1] = line
      local want = line:match("print%(.*%-%->%s*(%S+)")
      if want then expected[#expected + 1] = { line = #code, want = want } end
    end
  end
  t:ok(#expected >= min_expected, "the examples say what they print: " .. #expected)

  local printed = {}
  local env = setmetatable({
    print = function(...)
      local out = {}
      for i = 1, select("#", ...) do out[i] = tostring((select(i, ...))) end
      printed[#printed + 1] = { line = debug.getinfo(2, "l").currentline, text = table.concat(out, " ") }
    end,
  }, { __index = _G })
  local chunk, err = load(table.concat(code, "\n"), "=lua-api.md", "t", env)
  t:ok(chunk ~= nil, "the examples compile: " .. tostring(err))
  local here = io.open("tiles/base.tiles") and true or false
  t:ok(here, "run from the repository root")
  local ok, run_err = pcall(chunk)
  t:ok(ok, "the examples run: " .. tostring(run_err))

  local by_line = {}
  for _, p in ipairs(printed) do by_line[p.line] = by_line[p.line] or p.text end
  for _, e in ipairs(expected) do
    local got = by_line[e.line]
    local first = got and got:match("^(%S+)")
    t:eq(first, e.want, ("lua-api.md example line %d"):format(e.line))
  end
end

return M
