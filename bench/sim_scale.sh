#!/bin/sh
# bench/sim_scale.sh: how sim scales (issue 22). Not a test: numbers.
#
#   sh bench/sim_scale.sh [MEEPLE] [GAMES] [BIG]
#
# 1. --jobs 1 against --jobs 2 on GAMES base games (default 100,000):
#    the best of 3 wall times each, and the CPU time of each run (user +
#    sys of the whole process tree), so a loaded machine shows as a gap
#    between the two. Target: >= 1.8x on 2 idle cores.
# 2. Peak RSS of one sim over BIG games (default 10,000,000; 0 skips it):
#    target < 30 MB. It takes minutes (BIG / games per second).
# With perf installed, each --jobs run is also measured by perf stat.
set -eu
MEEPLE=${1:-build/meeple}
GAMES=${2:-100000}
BIG=${3:-10000000}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# best wall time and the CPU time of that run, for sim --jobs J
run() {
  best=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %U %S %M" -o "$TMP/t" "$MEEPLE" sim --games "$GAMES" --jobs "$1" --json > "$TMP/out-$1"
    set -- "$1" $(cat "$TMP/t")
    if [ -z "$best" ] || awk -v a="$2" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$2 cpu=$(awk -v u="$3" -v s="$4" 'BEGIN { printf "%.2f", u + s }')
    fi
    set -- "$1"
  done
  echo "$best $cpu"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
set -- $(run 1); w1=$1 c1=$2
set -- $(run 2); w2=$1 c2=$2
cmp -s "$TMP/out-1" "$TMP/out-2" || { echo "--jobs 2 printed another summary!"; exit 1; }
echo "sim --games $GAMES, best of 3:"
echo "  --jobs 1   wall ${w1} s   cpu ${c1} s   $(awk -v g="$GAMES" -v w="$w1" 'BEGIN { printf "%.0f games/s", g / w }')"
echo "  --jobs 2   wall ${w2} s   cpu ${c2} s   $(awk -v g="$GAMES" -v w="$w2" 'BEGIN { printf "%.0f games/s", g / w }')"
echo "  speedup    $(awk -v a="$w1" -v b="$w2" 'BEGIN { printf "%.2fx", a / b }') (wall);" \
     "cpu per game $(awk -v a="$c1" -v b="$c2" 'BEGIN { printf "%.2f", b / a }')x of --jobs 1's"
echo "  load now: $(cut -d' ' -f1-3 /proc/loadavg) (a speedup needs 2 idle cores)"

if command -v perf > /dev/null; then
  for j in 1 2; do
    perf stat -e task-clock -x, -o "$TMP/perf" "$MEEPLE" sim --games "$GAMES" --jobs $j > /dev/null 2>&1 || true
    echo "  perf stat --jobs $j: $(grep task-clock "$TMP/perf" | cut -d, -f1) ms task-clock," \
         "$(grep task-clock "$TMP/perf" | cut -d, -f6) CPUs utilized"
  done
fi

if [ "$BIG" -gt 0 ]; then
  /usr/bin/time -f "%e %M" -o "$TMP/big" "$MEEPLE" sim --games "$BIG" --jobs 2 > /dev/null
  set -- $(cat "$TMP/big")
  echo "sim --games $BIG --jobs 2: peak RSS $(awk -v k="$2" 'BEGIN { printf "%.1f MB", k / 1024 }')," \
       "$1 s (target < 30 MB)"
fi
