-- The files one hook crosses (#38), from the table of docs/architecture.md
-- ("Hook path"): each row names a chain, a file and the functions of its
-- steps. Checks that every file exists and defines every function its row
-- names, and counts each chain's files against its limit. Then, where gdb
-- is installed and the build has debug information, a probe: one game
-- whose hooks take each route (fixtures/hook_path_probe.lua), stopped in
-- ctx.game:players() (game_players), which each hook calls; the project
-- files on the stack between the hook and the kernel's fl_call_hook must
-- all be in the table's call chain of that route, and every route must
-- have been seen.
--   lua5.4 hook_path_test.lua SOURCE_DIR BUILD_DIR
local ROOT = assert(arg[1], "usage: hook_path_test.lua SOURCE_DIR BUILD_DIR")
local BUILD = assert(arg[2], "usage: hook_path_test.lua SOURCE_DIR BUILD_DIR")
if BUILD:sub(1, 1) ~= "/" then BUILD = (os.getenv("PWD") or ".") .. "/" .. BUILD end
-- Files per chain, the script and the kernel's file included. The
-- declaration is over the 6 of #38 (docs/architecture.md says why): it
-- is pinned at today's count, so a file added to it fails.
local LIMIT = { ["declaration"] = 7, ["call, a C route"] = 6, ["call, the Lua route"] = 6 }
-- "a route" in the table: any of the four C routes (the row's example
-- file is the one whose functions are checked).
local ROUTES = { "bindings/hooks/hook_veto.c", "bindings/hooks/hook_transform.c",
                 "bindings/hooks/hook_collect.c", "bindings/hooks/hook_direct.c" }
local failed = 0
local function fail(msg) print("FAIL: " .. msg); failed = failed + 1 end
local function read(path)
  local f = io.open(ROOT .. "/" .. path)
  if not f then return nil end
  local s = f:read("a"); f:close(); return s
end

-- The table's rows: | chain | file | steps |, the file in backquotes
-- (or "a rules script"), the steps' functions in backquotes.
local rows, chains, order = {}, {}, {}
local doc = assert(read("docs/architecture.md"), "no docs/architecture.md")
local section = doc:match("\n## Hook path\n(.-)\n## ")
if not section then fail("docs/architecture.md has no section '## Hook path'"); section = "" end
local table_text = section:match("\n| chain | file | steps |\n(.-)\n\n") or ""
for line in table_text:gmatch("[^\n]+") do
  local chain, file, steps = line:match("^| ([%w ,]-) | (.-) | (.-) |$")
  if chain and not LIMIT[chain] and chain ~= "---" then fail("the Hook path table has an unknown chain: " .. chain) end
  if chain and LIMIT[chain] then
    local row = { chain = chain, steps = steps }
    if file == "a rules script" then
      row.key = "the script"
    else
      row.path = file:match("`([^`]+)`")
      row.key = file:match("^a route") and "a route" or row.path
    end
    rows[#rows + 1] = row
    if not chains[chain] then chains[chain] = {}; order[#order + 1] = chain end
    chains[chain][row.key] = true
  end
end
if #rows < 10 then fail(("the Hook path table has %d rows, not the three chains"):format(#rows)) end

-- Is name defined in the file's text (C or Lua)?
local function defines(text, path, name)
  local n = name:gsub("%p", "%%%0")
  if path:match("%.lua$") then
    return text:find("\nlocal function " .. n .. "%(") or text:find("\nfunction M%." .. n .. "%(")
        or text:find("\n%s*local function " .. n .. "%(") or text:find("\nfunction D%." .. n .. "%(")
  end
  return text:find("\n[%w_ *]-[ *]" .. n .. "%([^;]-%) {")
end

for _, row in ipairs(rows) do
  if row.path then
    local text = read(row.path)
    if not text then
      fail(row.chain .. ": no file " .. row.path)
    else
      text = "\n" .. text
      for name in row.steps:gmatch("`([%w_]+)`") do
        if not defines(text, row.path, name) then
          fail(("%s: %s defines no %s"):format(row.chain, row.path, name))
        end
      end
    end
  end
end

local union = {}
for _, chain in ipairs(order) do
  local n = 0
  for key in pairs(chains[chain]) do n = n + 1; union[key] = true end
  print(("%s: %d files (at most %d)"):format(chain, n, LIMIT[chain]))
  if n > LIMIT[chain] then fail(("%s crosses %d files, over %d"):format(chain, n, LIMIT[chain])) end
end
local u = 0
for _ in pairs(union) do u = u + 1 end
print(("one hook's whole path, both chains: %d files"):format(u))

-- The probe: each route's stacks, read by gdb.
local function allowed(chain)
  local set = {}
  for key in pairs(chains[chain] or {}) do
    if key == "a route" then
      for _, r in ipairs(ROUTES) do set[r] = true end
    else
      set[key] = true
    end
  end
  return set
end
local ROUTE_OF = { call_vetoes = "veto", call_transforms = "transform", call_collects = "collect",
                   call_direct = "direct", run_hook = "Lua" }

local function probe()
  if os.execute("command -v gdb >/dev/null 2>&1") ~= true then
    print("gdb not installed: the stack probe is skipped")
    return
  end
  local cmd = os.tmpname()
  local f = assert(io.open(cmd, "w"))
  f:write("set pagination off\nset breakpoint pending on\nbreak game_players\n",
          "commands 1\nsilent\nbt\ncontinue\nend\nrun\n")
  f:close()
  local p = io.popen(("cd '%s' && ASAN_OPTIONS=detect_leaks=0 gdb -q -batch -x '%s' --args '%s/meeple' sim " ..
                      "--games 1 --rules tests/structure/fixtures/hook_path_probe.lua 2>&1"):format(ROOT, cmd, BUILD))
  local out = p:read("a")
  p:close()
  os.remove(cmd)
  if not out:find("#0 +game_players") then
    print("gdb saw no stack in game_players (no debug information?): the stack probe is skipped")
    return
  end
  local seen, stacks = {}, 0
  local c_route, lua_route = allowed("call, a C route"), allowed("call, the Lua route")
  -- one stack per hit: its frames, from #0 (game_players) down
  local hits, cur = {}, nil
  for line in out:gmatch("[^\n]+") do
    if line:match("^#0 ") then cur = {}; hits[#hits + 1] = cur end
    if cur and line:match("^#%d+ ") then cur[#cur + 1] = line end
  end
  for _, frames in ipairs(hits) do
    local files, route, reached = {}, nil, false
    for i, frame in ipairs(frames) do
      local fn = frame:match(" in ([%w_]+) %(") or frame:match("^#%d+ +([%w_]+) %(")
      local file = frame:match(" at ([^ ]+):%d+$")
      if file and i > 1 then
        file = file:gsub("^[%./]*/", ""):gsub("^.-/bindings/", "bindings/"):gsub("^.-/engine/", "engine/")
        files[#files + 1] = file
      end
      route = route or ROUTE_OF[fn]
      if fn == "fl_call_hook" then reached = true; break end
    end
    if reached and route then
      stacks = stacks + 1
      seen[route] = true
      local ok = route == "Lua" and lua_route or c_route
      for _, file in ipairs(files) do
        if not ok[file] then
          fail(("the %s route crosses %s, not in the table's call chain"):format(route, file))
        end
      end
    end
  end
  for _, r in ipairs({ "veto", "transform", "collect", "direct", "Lua" }) do
    if not seen[r] then fail("the probe saw no call on the " .. r .. " route") end
  end
  print(("probe: %d stacks read"):format(stacks))
end
probe()

if failed > 0 then print(failed .. " failed"); os.exit(1) end
print("ok: the hook path table holds")
