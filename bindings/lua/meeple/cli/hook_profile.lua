-- meeple.cli.hook_profile: what each Lua hook of a game costs (issue
-- #19), for `meeple bench` and `meeple sim --profile`. One extra run of
-- the games times every hook call on the path the flow calls it by (the
-- dispatcher, or the C paths of bindings/hooks/hook_direct.c, hook_veto.c and
-- hook_transform.c: bindings/hooks/hook_profile.c); per hook it gives calls
-- per game, microseconds per call (the call and its setup, the flow's
-- side included) and the hook's share of that run's time. Rows follow
-- the order the hooks were declared, never pairs().

local loader = require "meeple.loader"

local M = {}

-- The profiled run: { games =, seconds =, unclaimed =, rows = { {where,
-- event, paths, calls, seconds} } }, one row per declared hook (0 calls
-- if it never ran). Times are wall-clock (a monotonic clock: a CPU-time
-- clock costs a system call per read), the clock's own cost taken off.
function M.measure(game, games)
  local host = meeple_host
  local hooks = game.rs.hooks
  host.profile_start(hooks)
  local ok, err = pcall(loader.simulate, game.rs, {
    players = game.players, games = games, seed = game.seed, results = false, features = false,
    profile = true })
  local run = host.profile_stop()
  if not ok then error(err, 0) end
  local report = { games = games, seconds = run.seconds, unclaimed = run.unclaimed, rows = {} }
  for i, h in ipairs(hooks) do
    local p = run.rows[i]
    report.rows[i] = {
      where = h.at or h.script, event = h.event == "collect" and ("collect " .. h.phase) or h.event,
      paths = #p.paths > 0 and table.concat(p.paths, "+") or "-", calls = p.calls, seconds = p.seconds }
  end
  return report
end

local function share(seconds, report)
  return report.seconds > 0 and 100 * seconds / report.seconds or 0
end

-- Prints the report through printf(fmt, ...), indented by indent.
function M.print(report, printf, indent)
  indent = indent or ""
  printf("%sLua hooks, profiled over %d games (every call timed on its own path)\n",
         indent, report.games)
  printf("%s  %-36s %-18s %-10s %11s %9s %7s\n", indent, "hook", "event", "path", "calls/game",
         "us/call", "share")
  local total = report.unclaimed
  for _, r in ipairs(report.rows) do
    local us = r.calls > 0 and 1e6 * r.seconds / r.calls or 0
    printf("%s  %-36s %-18s %-10s %11.2f %9.3f %6.1f%%\n", indent, r.where, r.event, r.paths,
           r.calls / report.games, us, share(r.seconds, report))
    total = total + r.seconds
  end
  if report.unclaimed > 0.0005 * report.seconds then
    printf("%s  %-77s %6.1f%%\n", indent, "events whose hooks all passed them by",
           share(report.unclaimed, report))
  end
  printf("%s  %-77s %6.1f%%\n", indent, ("all hooks (%.1f us a game)"):format(1e6 * total / report.games),
         share(total, report))
end

return M
