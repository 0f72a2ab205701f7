#!/bin/sh
# `make bench`: runs every benchmark of the build tree BUILD in turn and
# stops at the first that fails. Speeds are only comparable within one
# run (the machine's load swings them); see README for quiet figures.
build=${1:-build}
run() {
  echo "== $1"
  shift
  "$@" || { echo "make bench: '$*' failed" >&2; exit 1; }
  echo
}
run "kernel: random playouts, no rules layer" "$build/bench/meeple-kernel-bench"
run "turn flow in C: base game, no Lua" "$build/bench/meeple-flow-bench"
run "rules layer: meeple bench" "$build/meeple" bench
run "what one API call costs inside a hook: meeple bench --api" "$build/meeple" bench --api
run "rules authors' hooks: bench/hooks, ratios to base" sh bench/hooks/bench.sh "$build" --games 1000
run "every rule set: bench/rulesets, ratios to base" sh bench/rulesets/bench.sh "$build" --games 1000 --repeat 2
if ls "$build"/python/meeple/_meeple*.so >/dev/null 2>&1; then
  run "Python: step() and batched stepping" env PYTHONPATH="$build/python" MEEPLE_PATH=. \
    /usr/bin/python3 bench/python_bench.py
else
  echo "== Python: skipped (no extension in $build/python; python3-dev missing?)"
fi
