-- Regression test for a bug found while writing rules_api_test (see the
-- report on issue 4): when a hook raises, meeple.loader's dispatcher
-- (make_dispatcher / dispatch) never calls host.use_game(nil), so
-- math.random in any later script keeps drawing from the failed game's
-- RNG — changing that game outside any move, making loads
-- non-deterministic, and reading freed memory once that game is collected
-- (heap-use-after-free in gk_rng.c log_draws under ASan).
--
-- Expected to FAIL until the dispatcher resets the game on the error path
-- (e.g. run the hooks under pcall, host.use_game(nil), re-raise) and/or
-- host.c keeps a reference to the game it draws from.
--
-- Run from the repository root:  meeple script tests/lua/hooks/hook_error_rng_test.lua

local loader = require "meeple.loader"

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
end

local temps = {}
local function script(code)
  local base = os.tmpname()
  local path = base .. ".lua"
  local f = assert(io.open(path, "w")); f:write(code); f:close()
  temps[#temps + 1] = base; temps[#temps + 1] = path
  return path
end
local function load(rules)
  return loader.load{ game = "base", rules = rules, run = meeple_host.run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- a script that draws while it loads: the draw is its option's default
local draws = script[[ option "drawn" { default = math.random(1000000000) } ]]
local function drawn()
  local rs = load{ draws }
  return rs.options[#rs.options].value
end

-- While the rules load there is no game: the draw comes from the
-- load-time RNG (#36 §7), the same every time the rules load.
local ok0, v0 = pcall(drawn)
check(ok0 and math.type(v0) == "integer" and v0 >= 1 and v0 <= 1000000000,
      "math.random while loading (no game yet) draws from the load-time RNG: " .. tostring(v0))

local failing = script[[ on("turn_begin", function(ctx) if ctx.turn == 2 then error("boom") end end) ]]
local play = loader.new_play(load{ failing }, { players = 2, seed = 1 })
local ok
repeat ok = pcall(play.random_move, play) until not ok or play:over()
check(not ok, "the hook failed")
local state = play:game():serialize()

local ok1, v1 = pcall(drawn)
check(ok1 and v1 == v0, "after a failed hook, a draw while loading is the load-time RNG's, not the failed game's (got "
      .. tostring(v1) .. ", want " .. tostring(v0) .. ")")
check(play:game():serialize() == state, "loading another script leaves the failed game alone")

for _, p in ipairs(temps) do os.remove(p) end
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
