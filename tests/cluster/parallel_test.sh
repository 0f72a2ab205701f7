#!/bin/sh
# The GNU parallel recipe (examples/cluster/parallel.sh) on this machine:
# 4 shards of base games, merged, equal byte for byte to one process over
# the same seeds. Usage: parallel_test.sh MEEPLE WORKDIR (from the root).
set -eu
MEEPLE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
WORK=$2
GAMES=${GAMES:-2000}
command -v parallel > /dev/null || { echo "GNU parallel is not installed (make deps)"; exit 77; }
rm -rf "$WORK"
mkdir -p "$WORK"
MEEPLE=$MEEPLE GAMES=$GAMES SHARDS=4 JOBS=2 OUT=$WORK/study \
  sh examples/cluster/parallel.sh --players 3 --seed 11 > "$WORK/table.txt"
"$MEEPLE" sim --games "$GAMES" --players 3 --seed 11 --json > "$WORK/one.json"
"$MEEPLE" sim --games "$GAMES" --players 3 --seed 11 > "$WORK/one.txt"
cmp "$WORK/one.json" "$WORK/study/summary.json" || { echo "FAIL: merged summary differs"; exit 1; }
cmp "$WORK/one.txt" "$WORK/table.txt" || { echo "FAIL: merged table differs"; exit 1; }
[ "$(ls "$WORK"/study/part-*.json | wc -l)" -eq 4 ] || { echo "FAIL: expected 4 parts"; exit 1; }
[ "$(awk 'NR > 1 && $7 == 0' "$WORK/study/joblog" | wc -l)" -eq 4 ] || { echo "FAIL: joblog"; exit 1; }
rm -rf "$WORK"
echo "parallel recipe: 4 shards of $GAMES games merge into the single-process summary"
