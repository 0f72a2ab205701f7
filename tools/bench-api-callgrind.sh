#!/bin/sh
# tools/bench-api-callgrind.sh [MEEPLE]: `meeple bench --api` counted in
# instructions under callgrind instead of timed (#39). Each probe runs a
# fixed number of calls between two callgrind dumps, so the table (the
# cost per call less the loop's, and the ratio to an empty Lua function
# call) is the same on a loaded machine as on an idle one, run after run.
# MEEPLE: the executable (default build-rel/meeple). Takes about a minute.
set -eu
meeple=${1:-build-rel/meeple}
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-api-cg.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
valgrind --tool=callgrind --callgrind-out-file="$dir/cg" --dump-instr=no \
  "$meeple" bench --api --callgrind "$dir/cg" 2>"$dir/valgrind.log" || {
  cat "$dir/valgrind.log" >&2
  exit 1
}
