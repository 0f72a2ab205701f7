-- Issue #19: the undo record of a guarded move (engine/src/flow/undo.c)
-- puts back everything the move changed when one of its hooks fails,
-- after the flow has already changed the play: the tile placed, the
-- report and the closed features (tile_placed), the scoring, the figures
-- sent home, the turn, the player, the part, the phase and the drawn tile
-- (turn_begin, turn_end, tile_drawn), a figure deployed (figure_placed),
-- the capabilities' own state (the dragon's walk in Princess & Dragon,
-- New World's surveyor line) and the stack in play (the River).
--
-- Two plays of the same game take the same moves: one whose hooks fail
-- now and then (each failing move is tried again and then passes), one
-- whose hooks never fail. After every move they must show the same
-- position (serialized game, phase, turn, player, part, stack, tile,
-- placed, closed features, the legal moves), and after a failure the
-- failing play must show what it showed before the move. A field the
-- undo forgets shows at once or makes the games drift apart later.
--
-- Run from the repository root:  meeple script tests/host/undo_record_test.lua

local loader = require "meeple.loader"
local SEEDS = math.tointeger(tonumber((...) or "")) or 2

local passed, failed = 0, 0
local function check(cond, msg)
  if cond then passed = passed + 1 else failed = failed + 1; print("FAIL " .. msg) end
end

-- Every hook fails the first time it runs in a part of a turn and passes
-- when the move is tried again, so that every point of a move where a
-- hook runs sees a failure. The host remembers what failed (the script's
-- state is rolled back with the move).
local HOOKS = [[
state { seen = 0 }
local function maybe_fail(ctx, what)
  ctx.state.seen = ctx.state.seen + 1
  if SHOULD_FAIL(what, ctx.turn, ctx.part) then error("planned failure in " .. what) end
end
on("tile_placed", function(ctx) maybe_fail(ctx, "tile_placed") end)
on("turn_begin", function(ctx) maybe_fail(ctx, "turn_begin") end)
on("turn_end", function(ctx) maybe_fail(ctx, "turn_end") end)
on("tile_drawn", function(ctx) maybe_fail(ctx, "tile_drawn") end)
on("figure_placed", function(ctx) maybe_fail(ctx, "figure_placed") end)
]]

local path = os.tmpname() .. ".lua"
do
  local f = assert(io.open(path, "wb"))
  f:write(HOOKS)
  f:close()
end

-- Rules whose hooks fail once per hook, turn and part (never: fail nil).
-- Hooks fail only once armed: the game's start has no move to undo.
local armed = false
local function rules(game, with, fail)
  local failed_at = {}
  local function should_fail(what, turn, part)
    local key = ("%s %d %d"):format(what, turn, part)
    if not fail or not armed or failed_at[key] then return false end
    failed_at[key] = true
    return true
  end
  local function run(chunkname, code, api)
    if chunkname == "@" .. path then api.SHOULD_FAIL = should_fail end
    return meeple_host.run(chunkname, code, api)
  end
  return loader.load{ game = game, with = with, rules = { path }, run = run,
                      script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
end

-- What a play shows of its position.
local function position(play)
  local parts = { play:game():serialize(), play:phase(), play:over() and "over" or "on" }
  if not play:over() then
    for _, v in ipairs { play:turn(), play:player(), play:part(), play:stack(),
                         play:tile() or -1, play:placed() or -1 } do
      parts[#parts + 1] = tostring(v)
    end
    for _, f in ipairs(play:closed()) do parts[#parts + 1] = "closed " .. f:info().root end
    for i = 1, play:move_count() do parts[#parts + 1] = play:move_name(i) end
  end
  return table.concat(parts, "\n")
end

local function first_difference(a, b)
  local i = 1
  while i <= #a and a:sub(i, i) == b:sub(i, i) do i = i + 1 end
  return ("at byte %d: %q vs %q"):format(i, a:sub(i, i + 40), b:sub(i, i + 40))
end

local CONFIGS = {
  { game = "base" },
  { game = "base", with = { "traders_builders", "abbey_mayor" } },
  { game = "hunters_gatherers" },
  { game = "new_world" },
  -- the dragon, fairy and portal keep per-play state (the walker's)
  { game = "base", with = { "princess_dragon" } },
  -- stacks played in order: the part's stack changes with the moves
  { game = "base", with = { "river" } },
}

for _, cfg in ipairs(CONFIGS) do
  local name = cfg.game .. (cfg.with and ("+" .. table.concat(cfg.with, "+")) or "")
  for seed = 1, SEEDS do
    local failing = loader.new_play(rules(cfg.game, cfg.with, true), { players = 3, seed = seed })
    local steady = loader.new_play(rules(cfg.game, cfg.with, nil), { players = 3, seed = seed })
    armed = true
    local failures, moves, same = 0, 0, true
    while not failing:over() and same and moves < 400 do
      local before = position(failing)
      local i = failing:random_choice()
      -- a failing move is tried again: it fails at its next hook until
      -- every hook of the move has failed once, and each time the play
      -- must be as before the move
      local ok, err, tries = false, nil, 0
      repeat
        tries = tries + 1
        ok, err = pcall(failing.apply_index, failing, i)
        if not ok then
          failures = failures + 1
          check(tostring(err):find("planned failure", 1, true) ~= nil,
                name .. ": the failure's message: " .. tostring(err))
          local after = position(failing)
          if after ~= before then
            check(false, ("%s seed %d move %d: a failed move left the play changed (%s) %s"):format(
              name, seed, moves, tostring(err), first_difference(before, after)))
            same = false
          end
        end
      until ok or tries == 10
      check(ok, name .. ": the move passes when tried again")
      steady:apply_index(i)
      moves = moves + 1
      local a, b = position(failing), position(steady)
      if a ~= b then
        check(false, ("%s seed %d move %d: the plays drifted apart %s"):format(
          name, seed, moves, first_difference(b, a)))
        same = false
      end
    end
    check(same, ("%s seed %d: the plays stayed the same over %d moves"):format(name, seed, moves))
    armed = false
    check(failures >= 10, ("%s seed %d: hooks failed often (%d)"):format(name, seed, failures))
    check(failing:over() and steady:over(), name .. ": both games ended")
  end
end

os.remove(path)
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
