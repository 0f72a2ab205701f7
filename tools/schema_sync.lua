-- tools/schema_sync.lua: writes what meeple.loader.schema says about each
-- declaration's table into the two places people read it: the LuaCATS
-- stubs (bindings/meta/rules.lua, its ---@class blocks) and the key
-- tables of docs/lua-api.md.
--
-- Invariant: each schema entry has exactly one generated block in each
-- file, between the markers
--   rules.lua:     -- <schema NAME>  ...  -- </schema>
--   lua-api.md:    <!-- schema NAME -->  ...  <!-- /schema -->
-- and nothing between the markers is written by hand: editing a block
-- means editing the schema, then running `make schema`. tests/lua/
-- schema_sync_test.lua fails when a block and the schema disagree.
--
-- Usage, from the repository root:
--   lua5.4 tools/schema_sync.lua          rewrite the blocks
--   lua5.4 tools/schema_sync.lua --check  list the blocks that differ; exit 1 if any
-- (LUA_PATH must reach bindings/lua: `make schema` sets it.)
-- As a module (dofile), it returns M for the test.

local schema = require "meeple.loader.schema"

local M = {}

M.FILES = {
  { path = "bindings/meta/rules.lua", open = "-- <schema %s>", close = "-- </schema>" },
  { path = "docs/lua-api.md", open = "<!-- schema %s -->", close = "<!-- /schema -->" },
}

local function sorted_names()
  local names = {}
  for name in pairs(schema.decls) do names[#names + 1] = name end
  table.sort(names)
  return names
end

-- A default as the stubs and the docs show it, or nil.
local function default_text(f, code)
  local d = f.default
  if d == schema.NAME then return "the declared name" end
  if f.default_doc then return f.default_doc end
  if d == nil then return nil end
  local text
  if type(d) == "table" then
    local items = {}
    for _, v in ipairs(d) do items[#items + 1] = tostring(v) end
    text = "{" .. table.concat(items, ", ") .. "}"
  elseif type(d) == "string" then
    text = ('"%s"'):format(d)
  else
    text = tostring(d)
  end
  return code and ("`" .. text .. "`") or text
end

-- {======================================================================
-- Rendering
-- =======================================================================

-- The ---@class block of entry `name`.
function M.stub(name)
  local d = schema.decls[name]
  local lines = { "---@class " .. d.class }
  for _, f in ipairs(d.fields) do
    local def = default_text(f, false)
    lines[#lines + 1] = ("---@field %s%s %s %s%s"):format(f[1], f.required and "" or "?", f[2], f.doc,
      f.required and " (required)" or def and (" (default: " .. def .. ")") or "")
  end
  return lines
end

-- A type for a markdown table cell: in words, literal values in code.
local function type_cell(ty)
  local text = schema.words(ty, function(literal) return "`" .. literal .. "`" end)
  return (text:gsub("|", "\\|"))
end

-- The key table of entry `name` in docs/lua-api.md.
function M.docs(name)
  local d = schema.decls[name]
  local lines = { "| key | takes | default | meaning |", "|-----|-------|---------|---------|" }
  for _, f in ipairs(d.fields) do
    local meaning = f.doc .. (f.more and ("; " .. f.more) or "")
    lines[#lines + 1] = ("| `%s` | %s | %s | %s |"):format(f[1], type_cell(f[2]),
      f.required and "required" or default_text(f, true) or "none", (meaning:gsub("|", "\\|")))
  end
  return lines
end

M.RENDER = { M.stub, M.docs }

-- }======================================================================

-- {======================================================================
-- Files
-- =======================================================================

function M.read(path)
  local fh = assert(io.open(path, "rb"))
  local text = fh:read("a")
  fh:close()
  return text
end

-- The text of file `file` (M.FILES[i]) with each block rendered anew;
-- also the names whose block differed, and problems (a block missing,
-- a marker naming no schema entry, a block with no end).
function M.sync(text, i)
  local file, render = M.FILES[i], M.RENDER[i]
  local out, changed, problems, seen = {}, {}, {}, {}
  local lines = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  if lines[#lines] == "" then lines[#lines] = nil end
  local open_pat = "^" .. file.open:gsub("[%-%<%>%!]", "%%%0"):gsub("%%s", "([%%w_.]+)") .. "$"
  local n = 1
  while n <= #lines do
    local name = lines[n]:match(open_pat)
    out[#out + 1] = lines[n]
    n = n + 1
    if name then
      local stop = n
      while stop <= #lines and lines[stop] ~= file.close do stop = stop + 1 end
      if stop > #lines then
        problems[#problems + 1] = ("%s: the block of '%s' has no %s"):format(file.path, name, file.close)
      elseif not schema.decls[name] then
        problems[#problems + 1] = ("%s: a block names '%s', which is no schema entry"):format(file.path, name)
      else
        seen[name] = true
        local fresh = render(name)
        if table.concat(fresh, "\n") ~= table.concat(lines, "\n", n, stop - 1) then changed[#changed + 1] = name end
        for _, l in ipairs(fresh) do out[#out + 1] = l end
        n = stop
      end
    end
  end
  for _, name in ipairs(sorted_names()) do
    if not seen[name] then
      problems[#problems + 1] = ("%s: no block for schema entry '%s' (add %s ... %s)"):format(
        file.path, name, file.open:format(name), file.close)
    end
  end
  return table.concat(out, "\n") .. "\n", changed, problems
end

local function main(check)
  local bad = 0
  for i, file in ipairs(M.FILES) do
    local text = M.read(file.path)
    local fresh, changed, problems = M.sync(text, i)
    for _, p in ipairs(problems) do io.stderr:write(p, "\n"); bad = bad + 1 end
    for _, name in ipairs(changed) do
      io.stderr:write(("%s: the block of '%s' %s the schema\n"):format(file.path, name,
        check and "differs from" or "rewritten from"))
      if check then bad = bad + 1 end
    end
    if not check and fresh ~= text then
      local fh = assert(io.open(file.path, "wb"))
      fh:write(fresh)
      fh:close()
    end
  end
  if check and bad > 0 then
    io.stderr:write("run `make schema` to write them from bindings/lua/meeple/loader/schema.lua\n")
  end
  return bad == 0
end

if arg and arg[0] and arg[0]:match("schema_sync%.lua$") then
  os.exit(main(arg[1] == "--check") and 0 or 1)
end
return M
