-- The Lua half (bindings/lua/meeple) in layers, each requiring only its
-- own and lower ones (#38, docs/architecture.md "The Lua half"):
--   1 base      meeple.errors, limits, files, state, tiles
--   2 loader    meeple.loader, meeple.loader.*
--   3 scenario  meeple.scenario, meeple.scenario.*, meeple.move_words
--   4 apps      meeple.session, render*, viewer, web.*, server*
--   5 cli       meeple.cli, meeple.cli.*
-- A module not named here fails the test, so each new one is placed.
-- The requires that still run upward are listed in UPWARD, each once:
-- a new one fails, and one that is gone must leave the list.
local testlib = require "testlib"
local t = testlib.new("lua layers")
local root = testlib.root()

local LAYER = { base = 1, loader = 2, scenario = 3, apps = 4, cli = 5 }
local function layer_of(m)
  local top = m:match("^meeple%.([%w_]+)") or (m == "meeple" and "") or nil
  if top == nil then return nil end
  if top == "errors" or top == "limits" or top == "files" or top == "state" or top == "tiles" then return "base" end
  if top == "loader" then return "loader" end
  if top == "scenario" or top == "move_words" then return "scenario" end
  if top == "session" or top == "viewer" or top == "web" or top:match("^render") or top:match("^server") then
    return "apps"
  end
  if top == "cli" then return "cli" end
  return nil
end

-- cli/'s libraries that the apps use: they belong one layer lower
-- (meeple.record, meeple.replay, meeple.agents), which would empty this.
local UPWARD = {
  ["meeple.session -> meeple.cli.record"] = true,
  ["meeple.session -> meeple.cli.replay"] = true,
  ["meeple.viewer -> meeple.cli.record"] = true,
  ["meeple.viewer -> meeple.cli.replay"] = true,
  ["meeple.server -> meeple.cli.record"] = true,
  ["meeple.server -> meeple.cli.agents"] = true,
  ["meeple.server_game -> meeple.cli.record"] = true,
}

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
