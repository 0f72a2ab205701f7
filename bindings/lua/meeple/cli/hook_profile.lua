-- meeple.cli.hook_profile: what each Lua hook of a game costs (issue
-- #19), for `meeple bench` and `meeple sim --profile`. One extra run of
-- the games goes through the dispatcher with every hook call timed (CPU
-- time, os.clock); per hook it gives calls per game, microseconds per
-- call and the hook's share of that run's time. Rows follow the order the
-- hooks were declared, never pairs().

local loader = require "meeple.loader"

local M = {}

-- The profiled run: { games =, seconds =, rows = { {where, event, calls,
-- seconds} } }, one row per declared hook (0 calls if it never ran).
function M.measure(game, games)
  local profile = {}
  local t0 = os.clock()
  loader.simulate(game.rs, { players = game.players, games = games, seed = game.seed,
                             results = false, features = false, profile = profile })
  local report = { games = games, seconds = os.clock() - t0, rows = {} }
  for _, h in ipairs(game.rs.hooks) do
    local p = profile[h] or { calls = 0, seconds = 0 }
    report.rows[#report.rows + 1] = {
      where = h.at or h.script, event = h.event == "collect" and ("collect " .. h.phase) or h.event,
      calls = p.calls, seconds = p.seconds }
  end
  return report
end

-- Prints the report through printf(fmt, ...), indented by indent.
function M.print(report, printf, indent)
  indent = indent or ""
  printf("%sLua hooks, profiled over %d games (every call timed, through the dispatcher)\n",
         indent, report.games)
  printf("%s  %-40s %-18s %11s %9s %7s\n", indent, "hook", "event", "calls/game", "us/call", "share")
  for _, r in ipairs(report.rows) do
    local us = r.calls > 0 and 1e6 * r.seconds / r.calls or 0
    local share = report.seconds > 0 and 100 * r.seconds / report.seconds or 0
    printf("%s  %-40s %-18s %11.2f %9.2f %6.1f%%\n", indent, r.where, r.event,
           r.calls / report.games, us, share)
  end
end

return M
