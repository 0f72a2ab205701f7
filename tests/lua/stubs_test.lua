-- The LuaCATS stubs (bindings/meta/*.lua) and docs/lua-api.md against what
-- scripts can really call, both ways:
--   * every declaration of the rules API (meeple.loader.api's
--     DECLARATIONS) has a stub with as many parameters as the function a
--     script calls, a docs entry, and no stub declares one that is gone;
--   * each declaration's table schema (meeple.loader.schema) and its stub
--     class list the same keys;
--   * every method of every binding type (meeple.Rules, Game, Tile,
--     Feature, Figure, Play, Flow) and every function of the module has a
--     stub and (scripts' and embedders' calls) is named in the docs, and
--     no stub or doc names a method that does not exist. (C methods'
--     parameters are not compared: C reads them through helpers.)
--   * every global the sandbox gives scripts beyond Lua's standard
--     library (memo) has a stub in bindings/meta/sandbox.lua and a docs
--     entry, and that file stubs nothing else.
local testlib = require "testlib"
local t = testlib.new("stubs")
local meeple = testlib.module(t)
local root = testlib.root()

local function read(path)
  local f = assert(io.open(root .. "/" .. path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

local function sorted(set)
  local list = {}
  for k in pairs(set) do list[#list + 1] = k end
  table.sort(list)
  return list
end

-- {======================================================================
-- Reading the stubs
-- =======================================================================

-- A stub file -> { classes = {name = {field = type}}, funcs = {name = f},
-- methods = {class = {name = f}} } with f = { params = {...}, notes = text }
-- (notes: the ---@ lines above it).
local function parse_stubs(text)
  local out = { classes = {}, funcs = {}, methods = {} }
  local local_class = {}        -- local Game = {} after ---@class meeple.Game
  local class, notes = nil, {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local cname = line:match("^%-%-%-@class%s+([%w_.]+)")
    local field, ftype = line:match("^%-%-%-@field%s+([%w_]+)%??%s+(%S+)")
    local var = line:match("^local%s+([%w_]+)%s*=%s*{}")
    local owner, sep, fname, params = line:match("^function%s+([%w_]+)([:.])([%w_]+)%((.-)%)")
    local gname, gparams = line:match("^function%s+([%w_]+)%((.-)%)")
    if cname then
      class = cname
      out.classes[cname] = out.classes[cname] or {}
    elseif field and class then
      out.classes[class][field] = ftype
    elseif var and class then
      local_class[var] = class
    end
    if line:match("^%-%-%-@") then notes[#notes + 1] = line
    elseif not line:match("^%-%-%-") then
      if owner then
        local list = {}
        for p in params:gmatch("[%w_.]+") do list[#list + 1] = p end
        local key = local_class[owner] or owner
        out.methods[key] = out.methods[key] or {}
        out.methods[key][fname] = { params = list, notes = table.concat(notes, "\n"), dot = sep == "." }
      elseif gname then
        local list = {}
        for p in gparams:gmatch("[%w_.]+") do list[#list + 1] = p end
        out.funcs[gname] = { params = list, notes = table.concat(notes, "\n") }
      end
      if not line:match("^%s*$") then class = nil end
      notes = {}
    end
  end
  return out
end

local rules_stub = parse_stubs(read("bindings/meta/rules.lua"))
local meeple_stub = parse_stubs(read("bindings/meta/meeple.lua"))
local docs = read("docs/lua-api.md")

-- }======================================================================

-- {======================================================================
-- The rules API
-- =======================================================================

local api_mod = require "meeple.loader.api"
local schema = require "meeple.loader.schema"
local decl = api_mod.new_decl()
local api = api_mod.make_api(decl, { name = "stub_test", order = 1 }, {},
                             { loading = true, used_options = {} })

for _, name in ipairs(sorted(api)) do
  local stub = rules_stub.funcs[name]
  if t:ok(stub, ("rules API '%s' has no stub in bindings/meta/rules.lua"):format(name)) then
    local info = debug.getinfo(api[name], "u")
    t:eq(#stub.params, info.nparams, ("stub %s(%s): parameters"):format(name, table.concat(stub.params, ", ")))
  end
  -- a docs paragraph or table row opens with `name ...` (a declaration)
  t:ok(docs:find("`" .. name .. "[ (\"`]"),
       ("rules API '%s' is not described in docs/lua-api.md"):format(name))
end
for _, name in ipairs(sorted(rules_stub.funcs)) do
  t:ok(api[name], ("bindings/meta/rules.lua declares '%s', which scripts cannot call"):format(name))
end

-- The class a declaration's table takes: the rules.*Spec (or HookOpts)
-- its stub names; a dotted schema entry ("figure.relocate") is the class
-- of that field of the declaration's class.
local HOOKS = { "on", "allow", "transform", "collect" }
local function spec_class(entry)
  local decl_name, field = entry:match("^([%w_]+)%.([%w_]+)$")
  if decl_name then
    local parent = spec_class(decl_name)
    local ftype = parent and rules_stub.classes[parent][field]
    return ftype and ftype:match("^(rules%.[%w_]+)")
  end
  if entry == "hook" then entry = HOOKS[1] end
  local stub = rules_stub.funcs[entry]
  return stub and stub.notes:match("(rules%.[%w_]*Spec)") or stub and stub.notes:match("(rules%.HookOpts)")
end

for _, entry in ipairs(sorted(schema.keys)) do
  local class = spec_class(entry)
  if t:ok(class and rules_stub.classes[class],
          ("schema '%s': its stub names no rules.*Spec class with the keys"):format(entry)) then
    local fields = rules_stub.classes[class]
    for _, key in ipairs(sorted(schema.keys[entry])) do
      t:ok(fields[key], ("schema '%s' key '%s' is missing from %s"):format(entry, key, class))
    end
    for _, key in ipairs(sorted(fields)) do
      t:ok(schema.keys[entry][key], ("%s field '%s' is not a key of schema '%s'"):format(class, key, entry))
    end
  end
end
-- The docs say every key: the declaration's own parts of docs/lua-api.md
-- (each from a line opening with `name "...", `name { or `name( to the
-- next line opening with a declaration) name each key of its schema.
local function docs_part(name)
  local parts, from = {}, 1
  while true do
    local a = docs:find("\n`" .. name .. "[ (][\"{]?", from)
    if not a then break end
    local b = docs:find("\n`[%w_]+ ?[\"{(]", a + 1) or #docs
    parts[#parts + 1] = docs:sub(a, b)
    from = a + 1
  end
  return #parts > 0 and table.concat(parts, "\n") or nil
end
for _, entry in ipairs(sorted(schema.keys)) do
  local name = entry:match("^[%w_]+")
  local part = name ~= "hook" and docs_part(name)
  if name ~= "hook" and t:ok(part, ("docs/lua-api.md has no paragraph opening with `%s"):format(name)) then
    for _, key in ipairs(sorted(schema.keys[entry])) do
      t:ok(part:find("%f[%w_]" .. key .. "%f[^%w_]"),
           ("docs/lua-api.md: the %s paragraph does not name its key '%s'"):format(name, key))
    end
  end
end

for _, hook in ipairs(HOOKS) do
  t:ok(rules_stub.funcs[hook] and rules_stub.funcs[hook].notes:find("rules.HookOpts", 1, true),
       ("hook '%s': its stub takes no rules.HookOpts"):format(hook))
end

-- }======================================================================

-- {======================================================================
-- The binding
-- =======================================================================

local TYPE_NAME = {
  MP_RULES = "meeple.Rules", MP_GAME = "meeple.Game", MP_TILE = "meeple.Tile",
  MP_FEATURE = "meeple.Feature", MP_FIGURE = "meeple.Figure", MP_PLAY = "meeple.Play",
  MP_FLOW = "meeple.Flow",
}
local registry = debug.getregistry()

-- Named in the docs: `x:name(`, or `name` / `name(` in a list of methods.
local function in_docs(name)
  return docs:find(":" .. name .. "(", 1, true) or docs:find("`" .. name .. "`", 1, true)
      or docs:find("`" .. name .. "(", 1, true)
end

-- Host-side only (the loader, the CLI): stubbed, but scripts never see
-- them, so docs/lua-api.md need not list each one.
local HOST_ONLY = { ["meeple.Flow"] = true, ["meeple.flow"] = true, ["meeple.bench_kernel"] = true,
                    ["meeple.bench_callgrind"] = true,
                    ["meeple.sqlite_open"] = true, ["meeple.hash"] = true,
                    ["meeple.play_games"] = true }

local method_names = {}
for _, tname in ipairs(sorted(TYPE_NAME)) do
  tname = TYPE_NAME[tname]
  local mt = registry[tname]
  if t:ok(mt, tname .. " is not registered") then
    local methods = mt.__index
    local stubs = meeple_stub.methods[tname] or {}
    for _, name in ipairs(sorted(methods)) do
      method_names[name] = true
      t:ok(stubs[name], ("%s:%s has no stub in bindings/meta/meeple.lua"):format(tname, name))
      t:ok(HOST_ONLY[tname] or in_docs(name), ("%s:%s is not in docs/lua-api.md"):format(tname, name))
    end
    for _, name in ipairs(sorted(stubs)) do
      t:ok(methods[name] ~= nil, ("bindings/meta/meeple.lua declares %s:%s, which does not exist"):format(tname, name))
    end
  end
end

-- The module's functions.
local module_stubs = meeple_stub.methods.meeple or {}
for _, name in ipairs(sorted(meeple)) do
  if type(meeple[name]) == "function" then
    t:ok(module_stubs[name], ("meeple.%s has no stub in bindings/meta/meeple.lua"):format(name))
    t:ok(HOST_ONLY["meeple." .. name] or docs:find("meeple." .. name, 1, true),
         ("meeple.%s is not in docs/lua-api.md"):format(name))
  end
end
for _, name in ipairs(sorted(module_stubs)) do
  t:ok(meeple[name] ~= nil, ("bindings/meta/meeple.lua declares meeple.%s, which does not exist"):format(name))
end

-- The docs show no `x:name(` that no type has: besides the binding's,
-- ctx:score, the agents' and bots' choose, the agents' values and the
-- sessions' methods.
local OTHER = { score = true, choose = true, values = true, legal_moves = true, record = true,
                reset = true }
for m in docs:gmatch("[%w_]+:([%w_]+)%(") do
  if not method_names[m] and not OTHER[m] then
    t:fail(("docs/lua-api.md shows :%s(, not a method of any type"):format(m))
  end
end

-- }======================================================================

-- {======================================================================
-- The sandbox's own globals
-- =======================================================================

-- Every global a script sees beyond Lua's standard library (memo, ...)
-- has a stub in bindings/meta/sandbox.lua and a place in the docs, and
-- every function stubbed there is such a global. The names come from the
-- sandbox itself (meeple_host.globals() in `meeple script`); the standard
-- library is this interpreter's _G.
local sandbox_stub = parse_stubs(read("bindings/meta/sandbox.lua"))
local bin = os.getenv("MEEPLE_BIN")
if t:ok(bin, "MEEPLE_BIN is not set (run through ctest)") then
  local script = os.tmpname()
  local f = assert(io.open(script, "wb"))
  f:write("for k, v in pairs(meeple_host.globals()) do print(k, v) end\n")
  f:close()
  local p = assert(io.popen(("'%s' script '%s'"):format(bin, script)))
  local globals = {}
  for line in p:lines() do
    local k, v = line:match("^([%w_]+)\t(%S+)$")
    if k then globals[k] = v end
  end
  local closed = p:close()
  os.remove(script)
  if t:ok(closed and globals.pairs == "function" and globals.string == "table",
          "meeple script did not list the sandbox's globals") then
    for _, name in ipairs(sorted(globals)) do
      if _G[name] == nil then
        t:ok(globals[name] == "function" and sandbox_stub.funcs[name],
             ("sandbox global '%s' (%s) has no stub in bindings/meta/sandbox.lua"):format(name, globals[name]))
        t:ok(docs:find("`" .. name .. "(", 1, true),
             ("sandbox global '%s' is not described in docs/lua-api.md"):format(name))
      end
    end
    for _, name in ipairs(sorted(sandbox_stub.funcs)) do
      t:ok(globals[name] == "function" and _G[name] == nil,
           ("bindings/meta/sandbox.lua declares '%s', which is not a sandbox function beyond Lua's library"):format(name))
      t:ok(not rules_stub.funcs[name], ("'%s' is stubbed both as a sandbox global and as a declaration"):format(name))
    end
  end
end

-- }======================================================================

t:done()
