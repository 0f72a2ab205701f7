-- Issue #36 §7: a game's result depends only on its seed, its scripts and
-- its options, never on the process that plays it or on the games played
-- before it there (docs/sandbox.md, *Randomness and determinism*).
--
--   * calls.lua counts in a local and in a table held by a global: every
--     game starts from the count after loading, so `sim --json` is the
--     same bytes for --jobs 1, 2 and 4 and for three shards merged;
--   * order.lua scores by pairs order over string keys, tostring of a
--     table, a -0.0 kept in the state and math.random drawn at load: two
--     processes (other addresses, other string-hash seeds) agree;
--   * memo.lua: a memo's function and values refuse every channel from
--     one game to the next (locals, globals, random, ids, functions,
--     writes), and what it keeps scores alike for --jobs 1 and 2;
--   * the state text keeps -0.0 and 1.0 floats; g:replay(g:log()) keeps
--     the blobs, so serialize matches.
--
-- Run from the repository root:  meeple script tests/host/determinism_test.lua

local loader = require "meeple.loader"
local codec = require "meeple.state"

package.path = (os.getenv("MEEPLE_ROOT") or ".") .. "/tests/lua/?.lua;" .. package.path
local testlib = require("testlib")
local t = testlib.new("determinism")
local function check(cond, msg) return t:ok(cond, msg) end

local ROOT = os.getenv("MEEPLE_ROOT") or "."
local BIN = os.getenv("MEEPLE_BIN") or (ROOT .. "/build/meeple")
local DIR = ROOT .. "/tests/hostile/determinism/"
local TMP = os.tmpname()

local function run(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

local function sim(rule, extra, json)
  return run(("%s sim --games 30 --seed 5 --rules %s %s %s"):format(BIN, DIR .. rule,
                                                                   json == false and "" or "--json", extra or ""))
end

-- {== one process or many, shards ===================================
do
  local one, ok = sim("calls.lua", "--jobs 1")
  check(ok and one:match('"games"'), "sim --jobs 1 runs: " .. one:sub(1, 200))
  for _, jobs in ipairs({ 2, 4 }) do
    local out = sim("calls.lua", "--jobs " .. jobs)
    check(out == one, ("--jobs %d gives the bytes of --jobs 1"):format(jobs))
  end
  local parts = {}
  for i = 1, 3 do
    parts[i] = ("%s.part%d.json"):format(TMP, i)
    local _, okp = sim("calls.lua", ("--shard %d/3 --out %s"):format(i, parts[i]), false)
    check(okp, "shard " .. i .. " runs")
  end
  local merged = run(("%s merge --json %s"):format(BIN, table.concat(parts, " ")))
  check(merged == one, "three shards merged give the bytes of one run")
  for _, p in ipairs(parts) do os.remove(p) end
end

-- {== memo: rule data kept for every game ===========================
do
  local one, ok = sim("memo.lua", "--jobs 1")
  check(ok and one:match('"games"'), "memo.lua: every leak refused, sim runs: " .. one:sub(1, 300))
  check(sim("memo.lua", "--jobs 2") == one, "memo.lua: --jobs 2 gives the bytes of --jobs 1")
end

-- {== two processes ==================================================
do
  local a, ok = sim("order.lua")
  local b = sim("order.lua")
  check(ok and a:match('"games"'), "order.lua runs: " .. a:sub(1, 300))
  check(a == b, "two processes (other addresses, other hash seeds) give the same bytes")
  local c = sim("order.lua", "--jobs 2")
  check(c == a, "and so does --jobs 2")
end

-- {== the state text keeps floats =====================================
do
  local z = codec.decode(codec.encode(-0.0))
  check(math.type(z) == "float" and 1 / z < 0, "-0.0 reads back as -0.0: " .. tostring(z))
  local one = codec.decode(codec.encode({ x = 1.0, y = 2, w = -3.0 }))
  check(math.type(one.x) == "float" and math.type(one.y) == "integer" and math.type(one.w) == "float",
        "1.0 stays a float, 2 an integer")
end

-- {== blobs survive replay ============================================
do
  local rules, cleanup = testlib.rule_files({ [[
    state { n = 0, z = 0 }
    on("tile_placed", function(ctx) ctx.state.n = ctx.state.n + 1; ctx.state.z = -0.0 end)
  ]] })
  local rs = loader.load{ game = "base", rules = rules, run = meeple_host.run,
                          script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
  local play = loader.new_play(rs, { players = 2, seed = 3 })
  for _ = 1, 12 do play:random_move() end
  local g = play:game()
  g:set_blob(5, "kept\0bytes")
  local copy = rs.rules:new_game{ players = 2, seed = 3 }
  copy:replay(g:log())
  check(copy:blob(5) == "kept\0bytes", "a blob set by g:set_blob survives g:replay(g:log())")
  check(copy:blob(1) ~= nil and copy:blob(1) == g:blob(1), "the script's state survives it")
  check(copy:serialize() == g:serialize(), "serialize matches after g:replay(g:log())")
  local st = codec.decode(g:clone():blob(1))
  check(math.type(st.z) == "float" and 1 / st.z < 0, "-0.0 in the state survives a clone")
  cleanup()
end

-- {== math.random while loading ========================================
do
  local rules, cleanup = testlib.rule_files({ [[
    draws = { math.random(6), math.random(6), math.random(), math.random(0), math.random(10, 20) }
    on("turn_begin", function(ctx)
      ctx:score(1, draws[1] + draws[2] + math.floor(draws[3] * 10) + draws[5], "bonus")
      error("draws " .. table.concat(draws, " ", 1, 2), 0)
    end)
  ]] })
  local function draws()
    local rs = loader.load{ game = "base", rules = rules, run = meeple_host.run,
                            script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
    local ok, err = pcall(loader.new_play, rs, { players = 2, seed = 1 })
    return ok, err
  end
  local ok, e1 = draws()
  local _, e2 = draws()
  check(not ok and tostring(e1):match("draws [1-6] [1-6]"), "math.random(6) works while loading: " .. tostring(e1))
  check(e1 == e2, "and draws the same numbers every time the rules load")
  cleanup()
end

os.remove(TMP)
t:done()
