-- One name per capability on every layer (issue 18, docs/capabilities.md):
-- for each row X(<name>, ...) of engine/src/flow/capability_list.h,
--   * engine/src/flow/caps/<group>/cap_<name>.c defines fl_cap_<name>;
--   * gk_flow.h declares gk_flow_add_<name>, wrap_flow.c registers the
--     method flow:<name> and bindings/meta/meeple.lua stubs Flow:<name>;
--   * a script declares it as <name>: a declaration of the loader or a
--     key of the figure declaration (relocate, corner) or of the stack
--     declaration (joins, turns);
--   * the README's layout table has a line for cap_<name>.c.
-- A capability whose rule is a figure's own (corner) has no declaration
-- call of its own. Fails on any other name, so two names for one
-- concept cannot come back.
local testlib = require "testlib"
local t = testlib.new("capability names")
local root = testlib.root()

local function read(path)
  local f = io.open(root .. "/" .. path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function has(text, needle) return text ~= nil and text:find(needle, 1, true) ~= nil end

local rows = {}
for name in read("engine/src/flow/capability_list.h"):gmatch("\n%s*X%((%w[%w_]*),") do rows[#rows + 1] = name end
t:ok(#rows >= 10, "capability_list.h has its rows, found " .. #rows)

-- the folders of engine/src/flow/caps/ (at most 15 C files each)
local CAP_GROUPS = { "figures", "tiles", "scoring" }

-- the capabilities whose rule is part of the figure declaration
local FIGURE_OWN = { corner = true }

local header = read("engine/include/gk_flow.h")
local wrap = read("bindings/play/wrap_flow.c")
local stubs = read("bindings/meta/meeple.lua")
local api = (read("bindings/lua/meeple/loader/api.lua") or "") .. (read("bindings/lua/meeple/loader/api_caps.lua") or "")
-- capabilities declared as a key of the figure declaration (relocate)
-- or of the stack declaration (stack { joins =, turns = })
local schema = require "meeple.loader.schema"
local figure_keys, stack_keys = schema.keys.figure, schema.keys.stack
local readme = read("README.md")
-- a declaration whose table wrap_flow.c's readers do not cover has its
-- flow_<name> in bindings/play/flow_<name>.c (wrap_flow.c: the entry)
for _, name in ipairs(rows) do wrap = wrap .. (read("bindings/play/flow_" .. name .. ".c") or "") end

for _, name in ipairs(rows) do
  -- a capability's file lies in one of the capability folders
  local file = "engine/src/flow/caps/?/cap_" .. name .. ".c"
  for _, group in ipairs(CAP_GROUPS) do
    local path = "engine/src/flow/caps/" .. group .. "/cap_" .. name .. ".c"
    if read(path) then file = path; break end
  end
  t:ok(has(read(file), "const fl_capability fl_cap_" .. name .. " = {"), file .. " defines fl_cap_" .. name)
  t:ok(has(readme, "`" .. file .. "`"), "README's layout table has " .. file)
  if not FIGURE_OWN[name] then
    t:ok(has(header, " gk_flow_add_" .. name .. "("), "gk_flow.h declares gk_flow_add_" .. name)
    t:ok(has(wrap, '{"' .. name .. '", flow_' .. name .. "}"), "wrap_flow.c registers flow:" .. name)
    t:ok(has(stubs, "function Flow:" .. name .. "("), "bindings/meta/meeple.lua stubs Flow:" .. name)
    local declared = has(api, "function D." .. name .. "(c)") or figure_keys[name] ~= nil
      or stack_keys[name] ~= nil
    t:ok(declared, "scripts declare " .. name .. " (a loader declaration or a figure key)")
  end
end

-- every other declaration of the Flow keeps one stem too (#38): the
-- method flow:<name> calls gk_flow_add_<name> or gk_flow_set_<name>
-- (gk_flow.h: set fills a slot, add appends)
local registered = {}
for name, fn in wrap:gmatch('{"([%w_]+)", (flow_[%w_]+)}') do registered[#registered + 1] = { name, fn } end
t:ok(#registered >= 20, "wrap_flow.c registers the Flow's methods, found " .. #registered)
local NOT_DECLARATIONS = { freeze = true, phases = true, __gc = true }
for _, r in ipairs(registered) do
  local name, fn = r[1], r[2]
  if not NOT_DECLARATIONS[name] then
    t:ok(fn == "flow_" .. name, "flow:" .. name .. " is flow_" .. name .. ", not " .. fn)
    local body = wrap:match("int " .. fn .. "%(lua_State %*L%) {(.-)\n}\n") or ""
    t:ok(has(body, "gk_flow_add_" .. name .. "(") or has(body, "gk_flow_set_" .. name .. "("),
         "flow:" .. name .. " calls gk_flow_add_" .. name .. " or gk_flow_set_" .. name)
  end
end

-- the names this issue retired stay retired
for _, old in ipairs({ "gk_flow_set_scoring", "gk_flow_set_line", "gk_flow_set_hand", "gk_flow_figure_scoring", "gk_flow_system_scoring",
                       "gk_flow_gain_on_close", "gk_flow_final_majority" }) do
  t:ok(not has(header, old), "gk_flow.h no longer declares " .. old)
end
for _, old in ipairs({ "gain_on_close", "final_majority", "figure_scoring", "hand", "scoring" }) do
  t:ok(not has(wrap, '{"' .. old .. '", '), "wrap_flow.c no longer registers flow:" .. old)
end

t:done()
