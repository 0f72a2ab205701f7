-- docs/sandbox.md runs as written (issue 15). Every ```lua block is a
-- script run in a fresh sandbox environment, with the default limits:
--   print(...)  --> TEXT      that print shows TEXT (values separated by
--                             blanks; a `-->` line of its own is the
--                             expectation of the print just above it)
--   --> host: FILE:N: MSG     (the block's last line) the script fails
--                             with exactly this one-line error, the
--                             chunk named FILE
-- A block that defines `defined` is also called after its environment
-- is sealed (the idiom the page gives for that case). The ```c block
-- must be the one tests/unit/test_sandbox.c compiles and runs.
local root = os.getenv("MEEPLE_ROOT") or "."
-- The default budgets and cap; the wall clock generous: the page's
-- examples stop on budgets and the cap, which a loaded machine running
-- the sanitizers must not overtake with the clock.
meeple_host.set_limits(10000000, 64 << 20, 50000000, 1000000000, 600000)
local passed, failed = 0, 0
local function check(cond, what, detail)
  if cond then passed = passed + 1
  else
    failed = failed + 1
    print("FAIL " .. what .. (detail and ("\n     " .. tostring(detail)) or ""))
  end
end

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end
local page = slurp(root .. "/docs/sandbox.md")
local function squash(s) return (s:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")) end

-- The expectations of one block: prints by line, and the failure.
local function expectations(block)
  local lines, prints, failure = {}, {}, nil
  for line in block:gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  for n, line in ipairs(lines) do
    local own = line:match("^%-%->%s*(.*)$")
    local host = own and own:match("^host: (.*)$")
    if host then
      failure = host
    elseif own then
      prints[n - 1] = own
    else
      local want = line:match("^%s*print%(.*%-%->%s*(.-)%s*$")
      if want then prints[n] = want end
    end
  end
  return prints, failure
end

local blocks = 0
for block in page:gmatch("```lua\n(.-)```") do
  blocks = blocks + 1
  local prints, failure = expectations(block)
  local chunk = failure and ("@" .. failure:match("^([^:]+):")) or "@script.lua"
  local shown = {}
  local api = {
    print = function(...)
      local t = table.pack(...)
      for i = 1, t.n do t[i] = tostring(t[i]) end
      local _, where = pcall(error, "@", 3)   -- "chunk:LINE: @" of the print
      shown[tonumber(where:match(":(%d+): @$"))] = table.concat(t, " ", 1, t.n)
    end,
  }
  local ok, env = pcall(meeple_host.run, chunk, block, api)
  local what = ("sandbox.md lua block %d"):format(blocks)
  if failure then
    check(not ok and env == failure, what .. " fails as the page says", ("want '%s', got '%s'"):format(failure, tostring(env)))
  else
    check(ok, what .. " runs", env)
  end
  local n = 0
  for line, want in pairs(prints) do
    n = n + 1
    check(shown[line] ~= nil and squash(shown[line]) == squash(want),
          ("%s line %d prints '%s'"):format(what, line, want), "printed: " .. tostring(shown[line]))
  end
  check(n > 0 or failure, what .. " says what it shows")
  if ok and type(env) == "table" and rawget(env, "defined") then
    meeple_host.seal(env)
    local okd, yes = pcall(meeple_host.call, env.defined, "bonus")
    local okn, no = pcall(meeple_host.call, env.defined, "bonsu")
    check(okd and yes == true and okn and no == false, what .. ": defined() works after sealing", tostring(yes) .. " " .. tostring(no))
  end
end
check(blocks >= 6, "the page has its examples: " .. blocks)

-- The C example is the one the unit test compiles.
local c_block = page:match("```c\n(.-)```")
local unit = slurp(root .. "/tests/unit/test_sandbox.c")
local compiled = unit:match("/%* docs/sandbox%.md begin %*/\n(.-)  /%* docs/sandbox%.md end %*/")
check(c_block ~= nil and compiled ~= nil and c_block == compiled,
      "the C example is tests/unit/test_sandbox.c's test_doc_limits_example", c_block)

print(("sandbox_docs: %d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
