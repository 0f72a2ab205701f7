-- The Princess & The Dragon (issue 19): the tile data against the rules'
-- counts, and random games that must stay legal: no error in any hook, no
-- player's figure left on the dragon's tile, every figure accounted for,
-- and replays that come out the same.
--
-- Run from the repository root:
--   meeple script tests/expansions/princess_dragon_test.lua [GAMES [PART/PARTS]]
-- PART/PARTS plays only every PARTS-th seed from the PART-th (CTest runs
-- the games as parallel parts); the tile checks run in every part.

local loader = require "meeple.loader"
local tiles = require "meeple.tiles"

local GAMES = math.tointeger(tonumber((select(1, ...)))) or 200
local PART, PARTS = (select(2, ...) or "1/1"):match("^(%d+)/(%d+)$")
PART, PARTS = math.tointeger(tonumber(PART)), math.tointeger(tonumber(PARTS))
local function mine(seed) return (seed - PART) % PARTS == 0 end
local root = os.getenv("MEEPLE_ROOT") or "."
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. what) end
end

-- {======================================================================
-- Tile data: 30 tiles, 6 volcano, 12 dragon, 6 portal, 6 princess
-- =======================================================================

local count, tagged, princess_segments = 0, {}, 0
for _, file in ipairs({ "princess_dragon", "princess_dragon_dragon" }) do
  local list, err = tiles.load_resolved(root .. "/tiles/" .. file .. ".tiles")
  check(list ~= nil, file .. ": " .. tostring(err))
  for _, t in ipairs(list or {}) do
    count = count + t.count
    for _, tag in ipairs(t.tags) do tagged[tag] = (tagged[tag] or 0) + t.count end
    for _, s in ipairs(t.segments) do
      for _, a in ipairs(s.attrs) do
        if a.name == "princess" then
          princess_segments = princess_segments + t.count
          check(s.kind == "city", t.id .. ": the princess stands in a city")
        end
      end
    end
    check(#t.tags == 1, t.id .. ": one symbol per tile")
  end
end
check(count == 30, "30 tiles, got " .. count)
for tag, n in pairs({ volcano = 6, dragon = 12, portal = 6, princess = 6 }) do
  check(tagged[tag] == n, ("%d %s tiles, got %s"):format(n, tag, tostring(tagged[tag])))
end
check(princess_segments == 6, "one princess city per princess tile")

-- }======================================================================

-- {======================================================================
-- Random games
-- =======================================================================

local function load(with, options)
  return loader.load { game = "base", with = with, rules = {}, options = options or {},
                       run = meeple_host.run, script_dirs = { root .. "/scripts" },
                       tile_dirs = { root .. "/tiles" } }
end

-- No player's figure stands on a segment of the dragon's tile (it eats
-- what is there when it lands by moving, and nothing is deployed there;
-- a volcano just placed holds none either), nor does the fairy.
local function dragon_tile_clear(g)
  local dragon = g:placed_figures("dragon")[1]
  if not dragon then return true end
  local th = dragon:info().at.tile
  local fairy = g:placed_figures("fairy")[1]
  if fairy and fairy:info().at.feature:spot().tile == th then return false end
  for seg = 1, th:info().segments do
    for _, fig in ipairs(th:feature(seg):figures()) do
      local info = fig:info()
      local spot = info.at.feature:spot()
      if spot.tile == th and spot.segment == seg and info.owner >= 1 and info.kind ~= "barn" then
        return false
      end
    end
  end
  return true
end

local stats = { games = 0, moves = 0, dragon = 0, fairy = 0, portal = 0, princess = 0, offered = 0 }

local function play_game(rs, players, seed, label)
  local p = loader.new_play(rs, { players = players, seed = seed })
  local ok, err = pcall(function()
    local guard = 0
    while not p:over() do
      if p:phase() == "place_figure" and p:placed():info().id:match("^pd%.P") then
        for k = 1, p:move_count() do
          if p:move_name(k):match("^action princess") then stats.offered = stats.offered + 1; break end
        end
      end
      local i = p:random_choice()
      local name = p:move_name(i)
      local kind = name:match("^action (%a+)")
      if kind and stats[kind] then stats[kind] = stats[kind] + 1 end
      p:apply_index(i)
      stats.moves = stats.moves + 1
      guard = guard + 1
      if guard > 5000 then error("no end after 5000 moves") end
      if p:phase() ~= "dragon" and not dragon_tile_clear(p:game()) then
        error(("a player's figure or the fairy on the dragon's tile after '%s'"):format(name))
      end
    end
  end)
  check(ok, ("%s seed %d: %s"):format(label, seed, tostring(err)))
  stats.games = stats.games + 1
  return p
end

local pd = load({ "princess_dragon" })
for seed = 1, GAMES do
  if mine(seed) then play_game(pd, 2 + seed % 3, seed, "base+P&D") end
end

local after = load({ "princess_dragon" }, { dragon_timing = "after_scoring", fairy_final = "true",
                                           dragon_before_volcano = "place" })
for seed = 1, GAMES // 10 do
  if mine(seed) then play_game(after, 2, seed, "base+P&D (other options)") end
end

local all = load({ "traders_builders", "abbey_mayor", "princess_dragon" })
for seed = 1, GAMES // 10 do
  if mine(seed) then play_game(all, 3, seed, "base+T&B+A&M+P&D") end
end

-- every mechanic was exercised
check(stats.offered > 0, "some princess tile offered to send a knight home")
for _, kind in ipairs({ "dragon", "fairy", "portal" }) do
  check(stats[kind] > 0, "random games played some " .. kind .. " move")
end

-- the same seed gives the same game
local a, b = play_game(pd, 3, 7, "again"), play_game(pd, 3, 7, "again")
check(table.concat(a:game():scores(), ",") == table.concat(b:game():scores(), ","),
      "same seed, same scores")
check(a:game():serialize() == b:game():serialize(), "same seed, same final state")

-- }======================================================================

print(("princess_dragon: %d games, %d moves (dragon %d, fairy %d, portal %d, princess %d of %d offered)"):format(
  stats.games, stats.moves, stats.dragon, stats.fairy, stats.portal, stats.princess, stats.offered))
print(("%d passed, %d failed"):format(passed, failed))
os.exit(failed == 0 and 0 or 1)
