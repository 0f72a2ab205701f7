-- One schema per declaration (issue 18): the ---@class blocks of
-- bindings/meta/rules.lua and the key tables of docs/lua-api.md are
-- exactly what tools/schema_sync.lua writes from meeple.loader.schema,
-- so neither can drift from the checks the loader makes. Also checks the
-- schema's own shape (every field typed and described, defaults of their
-- own type) and that what it writes has one row per key.
local testlib = require "testlib"
local t = testlib.new("schema sync")
local root = testlib.root()
local schema = require "meeple.loader.schema"
local sync = dofile(root .. "/tools/schema_sync.lua")

-- the files say what the schema says
for i, file in ipairs(sync.FILES) do
  local text = sync.read(root .. "/" .. file.path)
  local fresh, changed, problems = sync.sync(text, i)
  for _, p in ipairs(problems) do t:fail(p) end
  for _, name in ipairs(changed) do
    t:fail(("%s: the block of '%s' differs from the schema; run `make schema`"):format(file.path, name))
  end
  t:ok(fresh == text, file.path .. " is what `make schema` writes")
end

-- the schema's shape
local names = {}
for name in pairs(schema.decls) do names[#names + 1] = name end
table.sort(names)
for _, name in ipairs(names) do
  local d = schema.decls[name]
  t:ok(type(d.class) == "string" and d.class:match("^rules%.%w+$"), name .. ": a rules.* class")
  local seen = {}
  for _, f in ipairs(d.fields) do
    local what = name .. "." .. tostring(f[1])
    t:ok(not seen[f[1]], what .. " listed once")
    seen[f[1]] = true
    t:ok(type(f[2]) == "string" and type(f.doc) == "string" and #f.doc > 0, what .. ": a type and a meaning")
    t:ok(not (f.required and (f.default ~= nil or f.default_doc)), what .. ": required or defaulted, not both")
    if f.default ~= nil and f.default ~= schema.NAME then
      t:ok(schema.mismatch(f[2], f.default) == nil, what .. ": its default is of its type")
    end
  end
  t:eq(#sync.stub(name), #d.fields + 1, name .. ": one stub line per key")
  t:eq(#sync.docs(name), #d.fields + 2, name .. ": one docs row per key")
end

-- the checks it drives: an unknown key (nearest valid key), a wrong type
-- (the path inside the value), a missing required key; defaults filled
local function refusal(name, spec)
  local ok, err = pcall(schema.check, name, spec, name, 1, "n")
  return not ok and tostring(err) or nil
end
t:ok((refusal("score", { closd = {} }) or ""):find("unknown field 'closd' (did you mean 'closed'?)", 1, true),
     "an unknown key names the nearest valid one")
t:ok((refusal("figure", { per_plyer = 3 }) or ""):find("did you mean 'per_player'", 1, true), "figure per_plyer")
t:ok((refusal("figure", { per_player = "3" }) or ""):find("per_player must be an integer, got '3'", 1, true),
     "a wrong type names the key and the value")
t:ok((refusal("line_markers", { start = { { 0, 0 }, { 1, "y" } } }) or ""):find("start[2][2] must be an integer", 1, true),
     "a wrong item names its place")
t:ok((refusal("figure", { relocate = { to = { "road" } } }) or ""):find("relocate: action is required", 1, true),
     "a nested table is checked by its own schema")
t:ok((refusal("gain", { counter = "w", per = "w" }) or ""):find("when_closed is required", 1, true), "a missing required key")
local filled = schema.check("figure", { relocate = { to = { "road" }, action = "a" } }, "figure", 1, "wagon")
t:eq(filled.group, "wagon", "NAME default: the declared name")
t:eq(filled.per_player, 0, "a literal default")
t:eq(filled.relocate.reach, "connected", "a nested default")
local a, b = schema.check("figure", {}, "f", 1, "a"), schema.check("figure", {}, "f", 1, "b")
t:ok(a.on ~= b.on, "a table default is copied, never shared")

t:done()
