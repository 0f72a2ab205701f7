#!/bin/sh
# sim --compare streams: the paired differences equal those computed from
# each variant's per-game rows, for any --jobs and across the blocks of
# seeds it plays at once, and memory does not grow with --games. Run by
# CTest (tests/suites/scale.cmake) as: compare_test.sh MEEPLE WORKDIR,
# from the source root.
set -eu
MEEPLE=$1
WORK=$2
TINY=tests/fixtures/tiny/tiny.lua
RULE=tests/scale/city_3.lua
rm -rf "$WORK"
mkdir -p "$WORK"
fail() { echo "FAIL: $*" >&2; exit 1; }

# 20,000 games: more than two blocks of 8,192 seeds per variant
G=20000
"$MEEPLE" sim --game $TINY --games $G --compare none $RULE --json > "$WORK/c1.json"
"$MEEPLE" sim --game $TINY --games $G --compare none $RULE --json --jobs 3 > "$WORK/c3.json"
cmp "$WORK/c1.json" "$WORK/c3.json" || fail "--compare --jobs 3 differs from --jobs 1"

# the same numbers from the two variants' rows, paired by seed
"$MEEPLE" sim --game $TINY --games $G --rows "$WORK/a.csv" > /dev/null
"$MEEPLE" sim --game $TINY --games $G --rules $RULE --rows "$WORK/b.csv" > /dev/null
want=$(paste -d, "$WORK/a.csv" "$WORK/b.csv" | awk -F, -v n=$G '
  NR == 1 { next }
  { # columns of a: seed,score_1,score_2,winner,tied,... then the same of b
    nb = NF / 2
    d1 += $(nb + 2) - $2; d2 += $(nb + 3) - $3
    wa = ($4 == 1) ? 1 : ($4 == 0 && $2 >= $3) ? 0.5 : 0
    wb = ($(nb + 4) == 1) ? 1 : ($(nb + 4) == 0 && $(nb + 2) >= $(nb + 3)) ? 0.5 : 0
    dw += wb - wa; ta += $6; tb += $(nb + 6)
  }
  END { printf "%.9f %.9f %.9f %.9f", d1 / n, d2 / n, dw / n, (tb - ta) / n }')
got=$(python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
s = c["seats"]
print("%.9f %.9f %.9f %.9f" % (s[0]["mean"]["diff"], s[1]["mean"]["diff"], s[0]["win_rate"]["diff"], c["turns"]["diff"]))
' "$WORK/c1.json")
[ "$got" = "$want" ] || fail "compare says '$got', the rows say '$want' (seat 1 and 2 score, seat 1 win rate, turns)"
awk -v d="${want%% *}" 'BEGIN { exit !(d > 0.1) }' || fail "the rule should raise seat 1's mean, got $want"

# constant memory: 100,000 paired games within 8 MB of 1,000 (kept per
# game, as before, they took about 1 kB each)
if command -v /usr/bin/time > /dev/null 2>&1; then
  ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=1:detect_leaks=0"
  export ASAN_OPTIONS
  /usr/bin/time -f %M -o "$WORK/small.rss" "$MEEPLE" sim --game $TINY --games 1000 --jobs 2 \
    --compare none $RULE > /dev/null
  /usr/bin/time -f %M -o "$WORK/large.rss" "$MEEPLE" sim --game $TINY --games 100000 --jobs 2 \
    --compare none $RULE > /dev/null
  small=$(tail -1 "$WORK/small.rss") large=$(tail -1 "$WORK/large.rss")
  echo "peak RSS of --compare: 1,000 games $small KB, 100,000 games $large KB"
  [ "$large" -lt $((small + 8192)) ] || fail "100,000 compared games peak at $large KB, 1,000 at $small KB"
fi
rm -rf "$WORK"
echo "sim --compare: all checks passed"
