#!/bin/sh
# sim --agents as a streaming study (issues 21 and 22): the same bytes for
# any --jobs, shards merged equal one process, part files name the real
# agents, rows name each seat's agent, a failing bot stops the study.
# Run by CTest (tests/suites/agents.cmake) as:
#   agents_sim_test.sh MEEPLE WORKDIR, from the source root.
# The seven-tile game of tests/fixtures/tiny keeps searching agents cheap.
set -eu
MEEPLE=$1
WORK=$2
TINY=tests/fixtures/tiny/tiny.lua
rm -rf "$WORK"
mkdir -p "$WORK"
fail() { echo "FAIL: $*" >&2; exit 1; }
A="--game $TINY --games 12 --agents mcts:20,greedy --rotate-seats"

# --- the same bytes for any --jobs: summary and rows ---
"$MEEPLE" sim $A --json --rows "$WORK/r1.csv" > "$WORK/j1.json"
"$MEEPLE" sim $A --json --jobs 3 --rows "$WORK/r3.csv" > "$WORK/j3.json"
cmp "$WORK/j1.json" "$WORK/j3.json" || fail "--jobs 3 summary differs from --jobs 1"
cmp "$WORK/r1.csv" "$WORK/r3.csv" || fail "--jobs 3 rows differ from --jobs 1"
head -1 "$WORK/r1.csv" | grep -q '^game,seed,score_1,score_2,.*,agent_1,agent_2$' \
  || fail "row header: $(head -1 "$WORK/r1.csv")"
# rotated seats: games 1 and 2 share seed 1 with the agents swapped
sed -n 2p "$WORK/r1.csv" | grep -q '^1,1,.*,mcts:20,greedy$' || fail "game 1: $(sed -n 2p "$WORK/r1.csv")"
sed -n 3p "$WORK/r1.csv" | grep -q '^2,1,.*,greedy,mcts:20$' || fail "game 2: $(sed -n 3p "$WORK/r1.csv")"
[ "$(wc -l < "$WORK/r1.csv")" -eq 13 ] || fail "expected a header and 12 rows"
# the JSON has per-agent and per-seat intervals
for key in '"win_ci95":\[' '"mean_ci95":' '"margin_ci95":' '"rotate_seats":true' '"name":"mcts:20"'; do
  grep -q "$key" "$WORK/j1.json" || fail "JSON lacks $key"
done
# each agent played 12 games, and the two win rates add up to 1
python3 - "$WORK/j1.json" <<'EOF' || fail "agent rows do not add up"
import json, sys
d = json.load(open(sys.argv[1]))
a = d["agents"]
assert [r["games"] for r in a] == [12, 12], a
assert abs(a[0]["win_rate"] + a[1]["win_rate"] - 1) < 1e-12, a
assert abs(a[0]["margin"] + a[1]["margin"]) < 1e-12, a
for r in a + d["seats"]:
    lo, hi = r["win_ci95"]
    assert 0 <= lo <= r["win_rate"] <= hi <= 1, r
EOF

# --- shards and merge: one process, bit for bit; parts name the agents ---
"$MEEPLE" sim $A > "$WORK/whole.txt"
for i in 1 2 3; do
  "$MEEPLE" sim $A --shard $i/3 --out "$WORK/part-$i.json"
done
grep -q '"agents":\["mcts:20","greedy"\]' "$WORK/part-2.json" || fail "part file does not name the agents"
grep -q '"rotate_seats":1' "$WORK/part-2.json" || fail "part file does not say seats rotate"
"$MEEPLE" merge "$WORK"/part-3.json "$WORK"/part-1.json "$WORK"/part-2.json > "$WORK/merged.txt"
cmp "$WORK/whole.txt" "$WORK/merged.txt" || fail "merged table differs from one process"
"$MEEPLE" merge --json "$WORK"/part-*.json | cmp - "$WORK/j1.json" || fail "merged JSON differs"
grep -q '^  mcts:20 ' "$WORK/whole.txt" || fail "no agent table"
# parts of other agents do not merge
"$MEEPLE" sim --game $TINY --games 12 --agents mcts:20,random --rotate-seats --shard 1/3 \
  --out "$WORK/other-1.json"
if "$MEEPLE" merge "$WORK/other-1.json" "$WORK/part-2.json" "$WORK/part-3.json" > /dev/null 2> "$WORK/err"; then
  fail "parts of different agents merged"
fi
grep -q 'agents' "$WORK/err" || fail "merge error does not name agents: $(cat "$WORK/err")"

# --- SQLite rows: the game number is the key (seeds repeat) ---
"$MEEPLE" sim $A --db "$WORK/g.db" --jobs 2 > /dev/null
if command -v sqlite3 > /dev/null; then
  [ "$(sqlite3 "$WORK/g.db" 'select count(*), count(distinct seed) from games')" = "12|6" ] \
    || fail "db rows: $(sqlite3 "$WORK/g.db" 'select count(*), count(distinct seed) from games')"
fi

# --- a bot that fails stops the study with its message, in a job too ---
printf 'function choose(view) error("bot gave up") end\n' > "$WORK/bad_bot.lua"
for jobs in 1 2; do
  if "$MEEPLE" sim --game $TINY --games 4 --agents "$WORK/bad_bot.lua,random" --jobs $jobs \
      > /dev/null 2> "$WORK/err"; then
    fail "a failing bot's study succeeded (--jobs $jobs)"
  fi
  grep -q 'bot gave up' "$WORK/err" || fail "no bot message (--jobs $jobs): $(cat "$WORK/err")"
done
# --- a bad agent setting: exit 2 and a message naming the setting ---
for bad in "follow=-1;follow must be in 0" "follow=x;bad value 'x' for follow" \
           "follow=2.5;follow must be an integer"; do
  spec=${bad%%;*}
  want=${bad#*;}
  status=0
  "$MEEPLE" sim --game $TINY --games 2 --agents "mcts:20:$spec,greedy" > /dev/null 2> "$WORK/err" \
    || status=$?
  [ "$status" -eq 2 ] || fail "mcts:20:$spec exited $status, not 2"
  grep -q "$want" "$WORK/err" || fail "mcts:20:$spec: $(cat "$WORK/err")"
done
echo "agents sim: ok"
