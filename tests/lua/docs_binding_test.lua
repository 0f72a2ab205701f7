-- The examples of docs/lua-api.md, section "Kernel binding", run as the
-- page says (in order, one chunk, from the repository root) under the
-- stock lua5.4 with meeple.so; each `print(...) --> expected` must print
-- what the comment says (its first word; the rest may be a gloss).
local testlib = require "testlib"
local t = testlib.new("docs_binding")

testlib.module(t)

local root = testlib.root()
local f = assert(io.open(root .. "/docs/lua-api.md"))
local page = f:read("a")
f:close()
local section = page:match("\n## Kernel binding\n(.-)\n## ")
t:ok(section ~= nil, "the section is there")

local code, expected = {}, {}
for block in section:gmatch("```lua\n(.-)```") do
  for line in block:gmatch("([^\n]*)\n") do
    code[#code + 1] = line
    local want = line:match("print%(.*%-%->%s*(%S+)")
    if want then expected[#expected + 1] = { line = #code, want = want } end
  end
end
t:ok(#expected >= 10, "the examples say what they print: " .. #expected)

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
t:done()
