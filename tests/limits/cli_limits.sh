#!/bin/sh
# The sandbox's limit flags (issue 15) on every command that runs game
# scripts: play, sim, bench, replay and script take --budget,
# --memory-cap, --turn-budget, --game-budget and --time-limit; a hostile
# script that hits a limit fails with one line naming its file:line, the
# limit and the flag that raises it, and exit 1, or exit 3 for the time
# limit (the one limit whose outcome depends on the machine: the run
# stops, docs/sandbox.md); a bad value is a usage error (exit 2).
#   cli_limits.sh MEEPLE
set -u
meeple=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
passed=0

# expect RC TEXT CMD...: exit status RC, and TEXT in stderr (one line
# when RC is 1 or 3); stdout never carries the error.
expect() {
  want_rc=$1 text=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || { [ -n "$text" ] && ! grep -qF -- "$text" "$tmp/err"; } ||
     { { [ "$want_rc" -eq 1 ] || [ "$want_rc" -eq 3 ]; } && [ "$(wc -l <"$tmp/err")" -ne 1 ]; } ||
     { [ -n "$text" ] && grep -qF -- "$text" "$tmp/out"; }; then
    failed=$((failed + 1))
    echo "FAIL: $* (exit $rc, want $want_rc and '$text')"
    sed 's/^/  stderr: /' "$tmp/err" | head -5
  else
    passed=$((passed + 1))
  fi
}

h=tests/hostile
# a hook that spends ~150k instructions on every legal placement
cat >"$tmp/veto.lua" <<'LUA'
allow("tile_placement", function(ctx, move)
  local n = 0
  for i = 1, 40000 do n = n + i end
  return true
end)
LUA

for cmd in play sim bench; do
  extra=""
  [ "$cmd" = play ] && extra="--quiet"
  [ "$cmd" = sim ] && extra="--games 2"
  [ "$cmd" = bench ] && extra="--games 10 --repeat 1"
  expect 1 "h51_game_budget.lua:7: game budget exceeded (2000000 instructions per game); raise it with --game-budget" \
    "$meeple" $cmd $extra --rules $h/h51_game_budget.lua --game-budget 2000000
  expect 3 "h52_time_limit.lua:6: time limit exceeded (300 ms per call); raise it with --time-limit" \
    "$meeple" $cmd $extra --rules $h/h52_time_limit.lua --time-limit 300
  expect 1 "veto.lua:3: turn budget exceeded (1000000 instructions per turn); raise it with --turn-budget" \
    "$meeple" $cmd $extra --rules "$tmp/veto.lua" --turn-budget 1000000
  expect 1 "veto.lua:3: instruction budget exceeded (50000 instructions); raise it with --budget" \
    "$meeple" $cmd $extra --rules "$tmp/veto.lua" --budget 50000
  expect 2 "--turn-budget must be an integer from 1000 to" "$meeple" $cmd $extra --turn-budget 5
  expect 2 "--game-budget must be an integer from 1000 to" "$meeple" $cmd $extra --game-budget 1e9
  expect 2 "--time-limit must be an integer from 1 to 86400000, got '0'" "$meeple" $cmd $extra --time-limit 0
  expect 2 "option --time-limit given twice" "$meeple" $cmd $extra --time-limit 5 --time-limit 6
  "$meeple" $cmd --help >"$tmp/help" 2>&1
  for flag in --budget --memory-cap --turn-budget --game-budget --time-limit; do
    expect 0 "" grep -qF -- "$flag" "$tmp/help"
  done
done

# replay: a record made with the defaults replays with them, and fails
# under a lower limit with the same message; a bad value is a usage error
"$meeple" play --quiet --rules "$tmp/veto.lua" --record "$tmp/game.jsonl" >/dev/null 2>"$tmp/err" ||
  { echo "FAIL: recording a game"; cat "$tmp/err"; failed=$((failed + 1)); }
expect 0 "" "$meeple" replay "$tmp/game.jsonl"
expect 1 "veto.lua:3: instruction budget exceeded (50000 instructions); raise it with --budget" \
  "$meeple" replay --budget 50000 "$tmp/game.jsonl"
expect 1 "veto.lua:3: turn budget exceeded (1000000 instructions per turn); raise it with --turn-budget" \
  "$meeple" replay --turn-budget 1000000 "$tmp/game.jsonl"
expect 2 "--time-limit must be an integer from 1 to" "$meeple" replay --time-limit x "$tmp/game.jsonl"
"$meeple" replay --help >"$tmp/help" 2>&1
expect 0 "" grep -qF -- "--game-budget" "$tmp/help"

# script: the flags before the file set the limits of what it loads
cat >"$tmp/host.lua" <<'LUA'
local loader = require "meeple.loader"
local rs = loader.load { game = "base", rules = { ... }, run = meeple_host.run,
                         script_dirs = { "scripts" }, tile_dirs = { "tiles" } }
local play = loader.new_play(rs, { players = 2, seed = 1 })
while not play:over() do play:random_move() end
return 0
LUA
expect 0 "" "$meeple" script "$tmp/host.lua" "$tmp/veto.lua"
expect 1 "veto.lua:3: turn budget exceeded (1000000 instructions per turn)" \
  "$meeple" script --turn-budget 1000000 "$tmp/host.lua" "$tmp/veto.lua"
expect 3 "h52_time_limit.lua:6: time limit exceeded (300 ms per call)" \
  "$meeple" script --time-limit=300 "$tmp/host.lua" $h/h52_time_limit.lua
# a host that catches the time limit and carries on (returns 0): the run
# still ends with 3, and says why
cat >"$tmp/lenient.lua" <<'LUA'
local host, rules = ...
pcall(assert(loadfile(host)), rules)
return 0
LUA
{ echo 'api "2"'; tail -n 1 $h/h52_time_limit.lua; } >"$tmp/slow.lua"
expect 3 "a script ran past its time limit; raise it with --time-limit" \
  "$meeple" script --time-limit=300 "$tmp/lenient.lua" "$tmp/host.lua" "$tmp/slow.lua"
# sim's child processes (--jobs 2) report a time limit to the parent
expect 3 "h52_time_limit.lua:6: time limit exceeded (300 ms per call); raise it with --time-limit" \
  "$meeple" sim --games 4 --jobs 2 --rules $h/h52_time_limit.lua --time-limit 300
expect 2 "unknown option '--seed'" "$meeple" script --seed 1 "$tmp/host.lua"
expect 2 "--budget must be an integer from 1000 to" "$meeple" script --budget 1 "$tmp/host.lua"

echo "cli_limits: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
