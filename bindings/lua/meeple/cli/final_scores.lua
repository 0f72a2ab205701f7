-- meeple.cli.final_scores: the final-score table printed after a game.

local common = require "meeple.cli.common"
local printf = common.printf

local M = {}
local function breakdown(g, players)
  local by = {}
  for p = 1, players do by[p] = { kind = {}, reason = {} } end
  for _, e in ipairs(g:ledger()) do
    local b = by[e.player]
    local k = e.kind or "no feature"
    b.kind[k] = (b.kind[k] or 0) + e.points
    b.reason[e.reason] = (b.reason[e.reason] or 0) + e.points
  end
  return by
end

function M.print_scores(g, players)
  local scores = g:scores()
  local by = breakdown(g, players)
  local best = -math.huge
  for _, s in ipairs(scores) do if s > best then best = s end end
  local function list(t)
    local parts = {}
    for _, k in ipairs(common.sorted(t)) do parts[#parts + 1] = ("%s %d"):format(k, t[k]) end
    return #parts > 0 and table.concat(parts, ", ") or "-"
  end
  printf("\nfinal scores (points by feature kind; by reason where that differs)\n")
  for p = 1, players do
    local kinds, reasons = list(by[p].kind), list(by[p].reason)
    printf("  player %d  %4d%s   %s%s\n", p, scores[p], scores[p] == best and " *" or "  ", kinds,
           reasons ~= kinds and ("   [reasons: " .. reasons .. "]") or "")
  end
end

return M
