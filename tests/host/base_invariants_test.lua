-- The base game as scripts/base.lua declares it, 2,000 seeded random
-- games, with invariants checked after every move (issue 4):
--   figures are conserved (supply + board = total),
--   scores never decrease,
--   every closed feature was scored exactly once,
--   final scoring leaves no follower but farmers.
local loader = require "meeple.loader"

local rs = loader.load{ game = "base", run = meeple_host.run,
                        script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
local passed, failed = 0, 0
local function check(cond, fmt, ...)
  if cond then passed = passed + 1 return true end
  failed = failed + 1
  print("FAIL " .. fmt:format(...))
  return false
end

local GAMES = tonumber(os.getenv("MEEPLE_INVARIANT_GAMES") or "2000")
local violations, feature_entries, moves = 0, 0, 0
for seed = 1, GAMES do
  local players = 2 + seed % 4
  local play = loader.new_play(rs, { players = players, seed = seed })
  local g = play:game()
  local last = g:scores()
  while not play:over() do
    play:random_move()
    moves = moves + 1
    -- conserved: every follower is in supply or on the board
    local in_supply = 0
    for p = 1, players do in_supply = in_supply + g:supply(p, "meeple") end
    local on_board = #g:figures() - in_supply
    if on_board + in_supply ~= 7 * players then violations = violations + 1 end
    -- scores never decrease
    local now = g:scores()
    for p = 1, players do
      if now[p] < last[p] then violations = violations + 1 end
    end
    last = now
  end
  -- every closed feature scored once: no feature paid twice to a player
  -- at different turns, and no figure left on a closed feature
  local seen = {}
  for _, e in ipairs(g:ledger()) do
    if e.node then
      feature_entries = feature_entries + 1
      local key = e.node .. ":" .. e.player
      if seen[key] and seen[key] ~= e.turn then violations = violations + 1 end
      seen[key] = e.turn
    end
  end
  for _, fig in ipairs(g:figures()) do
    local at = fig:info().at
    if at.feature then
      if at.feature:kind() ~= "field" then violations = violations + 1 end  -- only farmers stay
      if at.feature:closed() then violations = violations + 1 end
    end
  end
end
check(violations == 0, "%d invariant violations in %d games", violations, GAMES)
-- the checks had something to check
check(moves > 150 * GAMES // 2, "%d moves played", moves)
check(feature_entries > 10 * GAMES, "%d scorings of features checked", feature_entries)
check(GAMES >= 2000 or os.getenv("MEEPLE_INVARIANT_GAMES"), "all 2,000 games played")
print(("%d passed, %d failed"):format(passed, failed))
return failed == 0 and 0 or 1
