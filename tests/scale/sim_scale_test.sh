#!/bin/sh
# sim at scale: --jobs, shards and merge, per-game rows, bad input, a
# full disk and constant memory. Run by CTest (tests/suites/scale.cmake)
# as: sim_scale_test.sh MEEPLE WORKDIR, from the source root.
#
# Most checks play the seven-tile game of tests/fixtures/tiny, so that
# even the sanitizer build plays 200,000 games in seconds; one plays base.
set -eu
MEEPLE=$1
WORK=$2
TINY=tests/fixtures/tiny/tiny.lua
rm -rf "$WORK"
mkdir -p "$WORK"
fail() { echo "FAIL: $*" >&2; exit 1; }

# --- the same bytes for any --jobs: summary and rows ---
"$MEEPLE" sim --game $TINY --games 3000 --json --rows "$WORK/g1.csv" > "$WORK/j1.json"
"$MEEPLE" sim --game $TINY --games 3000 --json --jobs 3 --rows "$WORK/g3.csv" > "$WORK/j3.json"
cmp "$WORK/j1.json" "$WORK/j3.json" || fail "--jobs 3 summary differs from --jobs 1"
cmp "$WORK/g1.csv" "$WORK/g3.csv" || fail "--jobs 3 rows differ from --jobs 1"
[ "$(wc -l < "$WORK/g1.csv")" -eq 3001 ] || fail "expected a header and 3000 rows"
head -1 "$WORK/g1.csv" | grep -q '^seed,score_1,score_2,winner,tied,turns,moves,closed_road,closed_city' \
  || fail "row header: $(head -1 "$WORK/g1.csv")"
# the rows agree with the summary: seat 1's total score
sum1=$(awk -F, 'NR > 1 { s += $2 } END { print s }' "$WORK/g1.csv")
mean1=$(sed 's/.*"seats":\[{[^}]*"mean":\([0-9.]*\).*/\1/' "$WORK/j1.json")
awk -v s="$sum1" -v m="$mean1" 'BEGIN { d = s / 3000 - m; exit !(d < 1e-9 && d > -1e-9) }' \
  || fail "rows sum to $sum1, summary mean $mean1"

# --- shards and merge: the same summary as one process, bit for bit ---
"$MEEPLE" sim --games 400 --json > "$WORK/base.json"
"$MEEPLE" sim --games 400 > "$WORK/base.txt"
for i in 1 2 3; do
  "$MEEPLE" sim --games 400 --shard $i/3 --out "$WORK/part-$i.json" > "$WORK/shard-$i.out"
  [ ! -s "$WORK/shard-$i.out" ] || fail "a shard with --out printed to stdout"
done
"$MEEPLE" merge "$WORK"/part-3.json "$WORK"/part-1.json "$WORK"/part-2.json --json > "$WORK/merged.json"
cmp "$WORK/base.json" "$WORK/merged.json" || fail "merged JSON differs from one process"
"$MEEPLE" merge "$WORK"/part-*.json | cmp - "$WORK/base.txt" || fail "merged table differs"
# a merge of merges
"$MEEPLE" merge "$WORK"/part-1.json "$WORK"/part-2.json --out "$WORK/part-12.json"
"$MEEPLE" merge "$WORK"/part-12.json "$WORK"/part-3.json --json | cmp - "$WORK/base.json" \
  || fail "merging a merged part differs"
# shard seeds: 400 games in 3 shards are 133, 133, 134 games
grep -q '"seeds":{"first":134,"last":266}' "$WORK/part-2.json" || fail "shard 2/3 seeds"

expect_fail() { # expect_fail STATUS PATTERN CMD...
  want=$1 pattern=$2
  shift 2
  set +e
  "$@" > "$WORK/out" 2>&1
  got=$?
  set -e
  [ "$got" -eq "$want" ] || fail "$* exited $got, expected $want: $(cat "$WORK/out")"
  grep -q -- "$pattern" "$WORK/out" || fail "$*: no '$pattern' in: $(cat "$WORK/out")"
}

# --- merge refuses what does not add up, naming the file ---
head -c 120 "$WORK/part-2.json" > "$WORK/cut.json"
expect_fail 1 "cut.json: not valid JSON" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/cut.json"
sed 's/"games":133/"games":13x3/' "$WORK/part-1.json" > "$WORK/bad.json"
expect_fail 1 "bad.json" "$MEEPLE" merge "$WORK/bad.json" "$WORK/part-2.json"
sed 's/"sumsq":[0-9]*/"sumsq":"many"/' "$WORK/part-1.json" > "$WORK/typed.json"
expect_fail 1 "typed.json: summary.seats.1.*sumsq" "$MEEPLE" merge "$WORK/typed.json" "$WORK/part-2.json"
expect_fail 1 "overlap" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/part-1.json"
expect_fail 1 "seeds 134..266 are in no part" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/part-3.json"
"$MEEPLE" merge --allow-gaps "$WORK/part-1.json" "$WORK/part-3.json" > /dev/null
"$MEEPLE" sim --games 400 --shard 2/3 --option tiny_city=2 --out "$WORK/other.json"
expect_fail 1 "different studies (options" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/other.json"
"$MEEPLE" sim --games 400 --shard 2/3 --players 3 --out "$WORK/other.json"
expect_fail 1 "different studies" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/other.json"
sed 's/"engine":"[^"]*"/"engine":"0.0.1"/' "$WORK/part-2.json" > "$WORK/old.json"
expect_fail 1 "different studies (engine" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/old.json"
# a part played by other agents (the part names them in its configuration)
python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
a = p["config"]["agents"]
p["config"]["agents"] = "greedy" if isinstance(a, str) else ["greedy" for _ in a]
json.dump(p, open(sys.argv[2], "w"))' "$WORK/part-2.json" "$WORK/agents.json"
expect_fail 1 "different studies (agents" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/agents.json"
"$MEEPLE" sim --game $TINY --games 400 --shard 2/3 --out "$WORK/other.json"
expect_fail 1 "different studies" "$MEEPLE" merge "$WORK/part-1.json" "$WORK/other.json"
expect_fail 2 "no part files" "$MEEPLE" merge

# --- a game that fails in a worker: its seed and the script's line, exit
# 1, no workers left behind, no rows file ---
expect_fail 1 "seed 11: .*boom_rule.lua:8: boom" "$MEEPLE" sim --games 40 --jobs 2 \
  --rules tests/scale/boom_rule.lua --rows "$WORK/boom.csv"
[ ! -e "$WORK/boom.csv" ] || fail "a rows file was left after a failed game"
grep -q "meeple/" "$WORK/out" && fail "an internal location in: $(cat "$WORK/out")"

# --- bad shard specs are usage errors ---
for spec in 0/4 5/4 a/b 1/0 -1/4 2; do
  expect_fail 2 "--shard wants I/N" "$MEEPLE" sim --games 100 --shard "$spec"
done
expect_fail 2 "more shards than" "$MEEPLE" sim --games 3 --shard 1/4

# --- a full disk (a file size limit: writes fail with EFBIG) while rows
# are written: an error, no rows file, no part file ---
set +e
(trap '' XFSZ; ulimit -f 64; exec "$MEEPLE" sim --game $TINY --games 20000 \
  --rows "$WORK/full.csv" --out "$WORK/full-part.json") > "$WORK/out" 2>&1
got=$?
set -e
[ "$got" -eq 1 ] || fail "rows on a full disk exited $got: $(cat "$WORK/out")"
grep -q "full.csv" "$WORK/out" || fail "the full-disk error names no file: $(cat "$WORK/out")"
[ ! -e "$WORK/full.csv" ] && [ ! -e "$WORK/full-part.json" ] || fail "a file was left after a failed write"
ls "$WORK" | grep -q tmp && fail "a temporary file was left: $(ls "$WORK")"

# --- SQLite rows: one per game, configuration in its own table ---
if command -v sqlite3 > /dev/null; then
  "$MEEPLE" sim --game $TINY --games 500 --jobs 2 --db "$WORK/rows.sqlite" > /dev/null
  [ "$(sqlite3 "$WORK/rows.sqlite" 'SELECT count(*), min(seed), max(seed) FROM games')" = "500|1|500" ] \
    || fail "sqlite rows"
  sqlite3 -csv -header "$WORK/rows.sqlite" 'SELECT * FROM games ORDER BY seed' | tr -d '\r' \
    | head -501 | cmp - "$(head -501 "$WORK/g1.csv" > "$WORK/g500.csv"; echo "$WORK/g500.csv")" \
    || fail "sqlite rows differ from the CSV rows"
  [ "$(sqlite3 "$WORK/rows.sqlite" "SELECT value FROM config WHERE key = 'players'")" = "2" ] \
    || fail "sqlite config"
fi

# --- constant memory: 200,000 games peak within a bound of 2,000 games'
# peak that keeping anything per game (a few hundred bytes) would break ---
if [ -x /usr/bin/time ]; then
  ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=1:detect_leaks=0"
  export ASAN_OPTIONS
  /usr/bin/time -f %M -o "$WORK/small.rss" "$MEEPLE" sim --game $TINY --games 2000 > /dev/null
  /usr/bin/time -f %M -o "$WORK/large.rss" "$MEEPLE" sim --game $TINY --games 200000 --jobs 2 \
    --rows "$WORK/large.csv" > /dev/null
  small=$(tail -1 "$WORK/small.rss") large=$(tail -1 "$WORK/large.rss")
  echo "peak RSS: 2,000 games $small KB, 200,000 games $large KB"
  [ "$large" -lt $((small + 8192)) ] || fail "200,000 games peak at $large KB, 2,000 at $small KB"
fi
rm -rf "$WORK"
echo "sim scale: all checks passed"
