-- The Lua half (bindings/lua/meeple) in layers, each requiring only its
-- own and lower ones (#38, docs/architecture.md "The Lua half"):
--   1 base      meeple.errors, limits, files, state, tiles
--   2 loader    meeple.loader, meeple.loader.*
--   3 scenario  meeple.scenario, meeple.scenario.*, meeple.move_words
--   4 records   meeple.record, record_schema, replay, agents, bot: game
--               records and agents, shared by the apps and the CLI
--   5 apps      meeple.session, render*, viewer, web.*, server*
--   6 cli       meeple.cli, meeple.cli.*
-- A module not named here fails the test, so each new one is placed.
-- No require runs upward (UPWARD is empty since #38 moved cli.record,
-- cli.replay's checks and cli.agents' makers below the apps); one listed
-- there must still exist.
local testlib = require "testlib"
local t = testlib.new("lua layers")
local root = testlib.root()

local LAYER = { base = 1, loader = 2, scenario = 3, records = 4, apps = 5, cli = 6 }
local function layer_of(m)
  local top = m:match("^meeple%.([%w_]+)") or (m == "meeple" and "") or nil
  if top == nil then return nil end
  if top == "errors" or top == "limits" or top == "files" or top == "state" or top == "tiles" then return "base" end
  if top == "loader" then return "loader" end
  if top == "scenario" or top == "move_words" then return "scenario" end
  if top == "record" or top == "record_schema" or top == "replay" or top == "agents" or top == "bot" then
    return "records"
  end
  if top == "session" or top == "viewer" or top == "web" or top:match("^render") or top:match("^server") then
    return "apps"
  end
  if top == "cli" then return "cli" end
  return nil
end

local UPWARD = {}

local dir = root .. "/bindings/lua"
local p = io.popen("cd '" .. dir .. "' && find meeple -name '*.lua' | sort")
local files = {}
for f in p:lines() do files[#files + 1] = f end
p:close()
t:ok(#files > 40, "the Lua half's modules are found: " .. #files)

local seen = {}
for _, f in ipairs(files) do
  local m = f:gsub("%.lua$", ""):gsub("/init$", ""):gsub("/", ".")
  local l = layer_of(m)
  t:ok(l ~= nil, m .. " has a layer")
  local h = assert(io.open(dir .. "/" .. f, "rb"))
  local src = h:read("a")
  h:close()
  for r in src:gmatch("require%s*%(?%s*[\"']([%w_.]+)[\"']") do
    local rl = layer_of(r)
    if l and rl and LAYER[rl] > LAYER[l] then
      local edge = m .. " -> " .. r
      if not seen[edge] then
        seen[edge] = true
        t:ok(UPWARD[edge], "an upward require not in UPWARD: " .. edge .. " (" .. l .. " < " .. rl .. ")")
      end
    end
  end
end
for edge in pairs(UPWARD) do t:ok(seen[edge], "UPWARD lists a require that is gone: " .. edge) end

t:done()
