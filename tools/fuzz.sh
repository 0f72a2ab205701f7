#!/bin/sh
# tools/fuzz.sh BUILD SECONDS [TARGET...]: runs each libFuzzer target for
# SECONDS on its corpus (BUILD/corpus/TARGET, started from the shipped
# tile sets, the base scenarios or tests/fuzz/seeds/TARGET), then prints the executions and findings of
# each and in total. A finding leaves its input in BUILD/findings/TARGET
# and makes the exit status 1.
set -u
build=$1
seconds=$2
shift 2
targets=${*:-"tiles record record_files scenario hook serve"}
root=$(cd "$(dirname "$0")/.." && pwd)
# A small ASan quarantine and short malloc stacks: Lua allocates and frees
# a lot, and the default 256 MiB quarantine costs a page fault per fresh
# chunk (about 30% of the time) while finding no more use-after-frees in
# inputs this small.
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=16:malloc_context_size=8}"
total=0
found=0
for t in $targets; do
  corpus="$build/corpus/$t"
  findings="$build/findings/$t"
  mkdir -p "$corpus" "$findings"
  case $t in
    tiles) seeds="$root/tiles" ;;
    scenario) seeds="$root/tests/scenarios/base" ;;
    *) seeds="$root/tests/fuzz/seeds/$t" ;;
  esac
  cp -n "$seeds/"* "$corpus/" 2>/dev/null
  log="$build/fuzz-$t.log"
  MEEPLE_ROOT="$root" "$build/tests/fuzz_$t" "$corpus" -max_total_time="$seconds" \
    -close_fd_mask=1 -print_final_stats=1 -artifact_prefix="$findings/" \
    -max_len=65536 -timeout=30 -rss_limit_mb=4096 >"$log" 2>&1
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  n=$(ls "$findings" | wc -l)
  echo "fuzz_$t: ${execs:-0} executions, $n findings (log: $log)"
  total=$((total + ${execs:-0}))
  found=$((found + n))
done
echo "total: $total executions, $found findings"
[ "$found" -eq 0 ]
