-- No loop of mutual calls spans more than 3 files (#38), read from the
-- objects of a build: file A calls B when A's object needs a symbol
-- only B's defines (nm); a loop is a strongly connected set of files.
--   lua5.4 loops_test.lua BUILD_DIR
-- The loops that are still larger are listed in KNOWN with their size
-- today: one that grows, or a new one over 3 files, fails; one that
-- shrank must have its size lowered here (docs/architecture.md says
-- what would break each). It checks itself first on a made-up graph.
local BUILD = assert(arg[1], "usage: loops_test.lua BUILD_DIR")
local LIMIT = 3
local KNOWN = {  -- a file of the loop -> its size today
}
local failed = 0
local function fail(msg) print("FAIL: " .. msg); failed = failed + 1 end

-- Tarjan's strongly connected sets of graph g (file -> set of files),
-- those of more than one file, each sorted.
local function loops(g)
  local index, low, stack, on, out, n = {}, {}, {}, {}, {}, 0
  local function visit(v)
    n = n + 1; index[v], low[v] = n, n
    stack[#stack + 1] = v; on[v] = true
    local ws = {}
    for w in pairs(g[v] or {}) do ws[#ws + 1] = w end
    table.sort(ws)
    for _, w in ipairs(ws) do
      if not index[w] then visit(w); low[v] = math.min(low[v], low[w])
      elseif on[w] then low[v] = math.min(low[v], index[w]) end
    end
    if low[v] == index[v] then
      local set = {}
      repeat
        local w = table.remove(stack); on[w] = nil; set[#set + 1] = w
      until w == v
      if #set > 1 then table.sort(set); out[#out + 1] = set end
    end
  end
  local vs = {}
  for v in pairs(g) do vs[#vs + 1] = v end
  table.sort(vs)
  for _, v in ipairs(vs) do if not index[v] then visit(v) end end
  return out
end

local self_test = loops{ a = { b = true }, b = { c = true }, c = { a = true }, d = { a = true } }
if #self_test ~= 1 or #self_test[1] ~= 3 then fail("the self-test's loop a -> b -> c -> a was not found") end

-- The objects: the kernel's and each bindings layer's.
local p = io.popen("find '" .. BUILD .. "/CMakeFiles/gk_core.dir' '" .. BUILD .. "/CMakeFiles/gk_flow.dir' '" ..
                   BUILD .. "/CMakeFiles/gk_agent.dir' '" .. BUILD .. "/bindings/CMakeFiles' -name '*.c.o'" ..
                   " | grep -v 'meeple_\\(lua\\|static\\|shared\\|module\\)\\.dir' | sort")
local defs, needs = {}, {}
local count = 0
for o in p:lines() do
  local file = o:gsub("^.-%.dir/", ""):gsub("__/", ""):gsub("%.o$", "")
  count = count + 1
  needs[file] = needs[file] or {}
  local nm = io.popen("nm -g '" .. o .. "'")
  for line in nm:lines() do
    local u = line:match("^%s+U%s+(%S+)$")
    local d = line:match("^%x+%s+[TDBRC]%s+(%S+)$")
    if u then needs[file][u] = true elseif d then defs[d] = file end
  end
  nm:close()
end
p:close()
if count < 50 then fail("only " .. count .. " objects under " .. BUILD) end
local g = {}
for file, us in pairs(needs) do
  g[file] = {}
  for u in pairs(us) do
    local d = defs[u]
    if d and d ~= file then g[file][d] = true end
  end
end

local worst = 0
for _, set in ipairs(loops(g)) do
  worst = math.max(worst, #set)
  local known
  for _, f in ipairs(set) do if KNOWN[f] then known = f end end
  if #set > LIMIT then
    if not known then fail(("a loop of %d files: %s"):format(#set, table.concat(set, " ")))
    elseif #set > KNOWN[known] then fail(("the loop of %s grew to %d files: %s"):format(known, #set, table.concat(set, " ")))
    elseif #set < KNOWN[known] then fail(("the loop of %s shrank to %d files: lower KNOWN"):format(known, #set)) end
  end
end
for f, n in pairs(KNOWN) do
  local found = false
  for _, set in ipairs(loops(g)) do for _, x in ipairs(set) do if x == f and #set > LIMIT then found = true end end end
  if not found then fail(("the loop of %s (%d files) is gone or within %d: remove it from KNOWN"):format(f, n, LIMIT)) end
end
if failed > 0 then os.exit(1) end
print(("ok: %d objects, no new loop over %d files, the largest %d"):format(count, LIMIT, worst))
