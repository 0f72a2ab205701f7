-- Mutates the project's own scenarios, game scripts, tile sets and game
-- records and feeds each mutant to the code a user's file reaches
-- (meeple test, the loader, tiles check, meeple replay). Fails on any
-- message that shows an internal location (meeple/...lua:N, [C], a stack
-- traceback, "internal error") instead of the user's file (issue 16).
--
--   meeple script tests/records/mutate_inputs.lua [N [SEED]]
-- N mutants in all (default 2000), spread over the four kinds; SEED picks
-- the mutations (deterministic: the same N and SEED, the same inputs).
local n_total = math.tointeger(tonumber((...) or "")) or 2000
local seed = math.tointeger(tonumber(select(2, ...) or "")) or 16

local common = require "meeple.cli.common"
local cli = require "meeple.cli"
local scenario = require "meeple.scenario"
local loader = require "meeple.loader"
local tiles = require "meeple.tiles"
local meeple = require "meeple"
local clean = require("meeple.errors").clean
cli.silent = true
local ctx = { root = os.getenv("MEEPLE_ROOT") or ".", tty = false }

-- a 64-bit LCG: deterministic, independent of math.random
local state = seed
local function rand(n)
  if n < 1 then return 1 end
  state = (state * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
  return (state >> 20) % n + 1
end
local function pick(t) return t[rand(#t)] end

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end
local function spit(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end
local function list(cmd)
  local out = {}
  local p = io.popen(cmd)
  for l in p:lines() do out[#out + 1] = l end
  p:close()
  return out
end

-- {=====================================================================
-- Mutations
-- ======================================================================

local NUMBERS = { "0", "-1", "1.5", "99999999999999999999", "1e308", "0x10", '"2"', "nil", "{}", "true", "-0",
                  "9007199254740993", "2^63", "(1/0)", "{1,{2}}", '"x"' }
local STRINGS = { '""', '"x"', "1", "{}", "nil", '"place_figur"', '"N"', '"meeple"', '"../x"', '"/dev/zero"',
                  '"scripts/base.lua"', "true", '"\\0"', '"' .. ("a"):rep(300) .. '"', "-1" }
local CHARS = { "{", "}", "[", "]", "(", ")", '"', ",", "=", ".", ":", ";", "#", "-", "\n", " ", "0", "x", "\\", "'" }

local function lines_of(text)
  local t = {}
  for l in (text .. "\n"):gmatch("([^\n]*)\n") do t[#t + 1] = l end
  return t
end

local function replace_nth(text, pattern, repl)
  local starts = {}
  for s, e in text:gmatch("()" .. pattern .. "()") do starts[#starts + 1] = { s, e } end
  if #starts == 0 then return nil end
  local s = pick(starts)
  return text:sub(1, s[1] - 1) .. repl .. text:sub(s[2])
end

local MUTATORS = {
  function(t) -- delete a line
    local ls = lines_of(t); table.remove(ls, rand(#ls)); return table.concat(ls, "\n")
  end,
  function(t) -- duplicate a line
    local ls = lines_of(t); local i = rand(#ls); table.insert(ls, i, ls[i]); return table.concat(ls, "\n")
  end,
  function(t) -- swap two lines
    local ls = lines_of(t); local i, j = rand(#ls), rand(#ls); ls[i], ls[j] = ls[j], ls[i]
    return table.concat(ls, "\n")
  end,
  function(t) return replace_nth(t, "%-?%d+%.?%d*", pick(NUMBERS)) end,
  function(t) return replace_nth(t, '"[^"\n]*"', pick(STRINGS)) end,
  function(t) return replace_nth(t, "[%a_][%w_]*", pick({ "x", "nil", "true", "end", "place_figur", "city", "N" })) end,
  function(t) local i = rand(#t); return t:sub(1, i - 1) .. t:sub(i + 1) end,           -- delete a char
  function(t) local i = rand(#t + 1); return t:sub(1, i - 1) .. pick(CHARS) .. t:sub(i) end,
  function(t) return t:sub(1, rand(#t + 1) - 1) end,                                     -- truncate
  function(t) return replace_nth(t, "[%a_][%w_]*%s*=", pick({ "bogus =", "at =", "game =", "players =", "[1] =" })) end,
}

local function mutate(text)
  local out
  for _ = 1, rand(3) do
    out = MUTATORS[rand(#MUTATORS)](out or text) or out or text
  end
  return out
end

-- }=====================================================================

-- {=====================================================================
-- Runners: each returns every message a user would see
-- ======================================================================

local captured = {}
local capture = { write = function(_, ...) for _, v in ipairs({ ... }) do captured[#captured + 1] = tostring(v) end end }

local function run_scenario(path)
  local ok, r = pcall(scenario.run_file, path, ctx)
  if not ok then return { "(raised) " .. tostring(r) } end
  local msgs = {}
  -- as 'meeple test' prints a failure: WHERE: MESSAGE
  for _, f in ipairs(r.failures or {}) do msgs[#msgs + 1] = (f.where and (f.where .. ": ") or "") .. tostring(f.message) end
  return msgs
end

local function run_script(path)
  local ok, err = pcall(loader.load, { game = path, with = {}, rules = {}, options = {}, run = meeple_host.run,
                                       script_dirs = { ctx.root .. "/scripts" }, tile_dirs = { ctx.root .. "/tiles" } })
  if ok then
    local okp, play = pcall(loader.new_play, err, { players = 2, seed = 1 })
    if not okp then return { clean(play) } end
    for _ = 1, 30 do
      if play:over() then break end
      local okm, merr = pcall(play.random_move, play)
      if not okm then return { clean(merr) } end
    end
    return {}
  end
  return { clean(err) }  -- as 'meeple play' prints it
end

local function run_tiles(path)
  local list, err = tiles.load_resolved(path)
  if not list then return { tostring(err) } end
  local ok, kerr = pcall(function()
    local rules = meeple.rules()
    rules:load_tiles(list, { declare = true })
    rules:freeze()
  end)
  return ok and {} or { clean(kerr) }
end

local function run_record(path)
  captured = {}
  local real = common.stderr
  common.stderr = capture
  local ok, code = pcall(cli.replay, { path }, ctx)
  common.stderr = real
  if not ok then return { "(raised) " .. tostring(code) } end
  if code == 0 then return {} end  -- a mutant that means the same (spaces, key order)
  return { table.concat(captured) }
end

-- }=====================================================================

local INTERNAL = { "meeple/[%w_/]+%.lua:%d", "%[C%]:", "stack traceback", "internal error", "%.lua:%d+: in " }
-- a message leaks when it shows a host location, or names no file of the
-- user's (the mutant, or a file it names: scripts, tiles, scenarios)
local function leaks(msg, path)
  for _, p in ipairs(INTERNAL) do if msg:find(p) then return true end end
  return not (msg:find(path, 1, true) or msg:find("%.lua:%d") or msg:find("%.tiles:%d")
              or msg:find("%.tiles") or msg:find("%.lua[%s:']"))
end

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. dir)

-- the seeds of the mutation: the project's own files
local kinds = {
  { name = "scenario", files = list("find tests/scenarios -name '*.lua' | LC_ALL=C sort"), run = run_scenario, ext = ".lua" },
  { name = "script", files = list("ls scripts/*.lua | LC_ALL=C sort"), run = run_script, ext = ".lua" },
  { name = "tiles", files = list("ls tiles/*.tiles | LC_ALL=C sort"), run = run_tiles, ext = ".tiles" },
  { name = "record", files = {}, run = run_record, ext = ".jsonl" },
}
for i, spec in ipairs({ "--seed 1", "--seed 2 --players 3 --option tiny_city=2", "--seed 3 --with traders_builders" }) do
  local path = ("%s/seed%d.jsonl"):format(dir, i)
  local args = { "--quiet", "--record", path }
  for w in spec:gmatch("%S+") do args[#args + 1] = w end
  assert(cli.play(args, ctx) == 0, "recording " .. spec)
  kinds[4].files[#kinds[4].files + 1] = path
end
-- records are long to replay: cut most of them short so mutants stay cheap
-- (tile sets are cheap to check, games and replays are not)
local SHARE = { scenario = 0.3, script = 0.1, tiles = 0.5, record = 0.1 }

local found, ran, shown = 0, 0, 0
local per_kind = {}
for _, kind in ipairs(kinds) do
  local n = math.max(1, math.floor(n_total * SHARE[kind.name] + 0.5))
  per_kind[#per_kind + 1] = ("%d %ss"):format(n, kind.name)
  for i = 1, n do
    local src = kind.files[(i - 1) % #kind.files + 1]
    local text = slurp(src)
    if kind.name == "record" and i % 4 ~= 0 then
      local ls = lines_of(text)
      local keep = {}
      for j = 1, math.min(#ls, 2 + rand(12)) do keep[j] = ls[j] end
      keep[#keep + 1] = ls[#ls - 1]
      text = table.concat(keep, "\n")
    end
    local mutant = mutate(text)
    local path = ("%s/m%d_%s"):format(dir, i, src:match("[^/]+$"))
    spit(path, mutant)
    local msgs = kind.run(path)
    ran = ran + 1
    for _, m in ipairs(msgs) do
      if leaks(m, path) then
        found = found + 1
        if shown < 25 then
          shown = shown + 1
          print(("LEAK %s (mutant of %s, kept as %s):\n  %s"):format(kind.name, src, path, m:gsub("\n", "\n  ")))
        end
      end
    end
    if found == 0 then os.remove(path) end
  end
end
if found == 0 then os.execute("rm -rf " .. dir) end
print(("%d mutants (%s), seed %d: %d messages with an internal location"):format(
  ran, table.concat(per_kind, ", "), seed, found))
return found == 0 and 0 or 1
