#!/bin/sh
# Balance studies people can look at (#43 §5): each seat's points by
# feature kind in rows, summaries and part files (they add up to the
# scores); sim --html and meeple report write one HTML page with Chart.js
# inside (it opens from disk) and the sections the issue asks for; the
# page drawn from a saved study is the page sim drew; --compare gives
# per-kind differences. Run by CTest (tests/suites/scale.cmake) as:
# report_test.sh MEEPLE WORKDIR, from the source root.
set -eu
MEEPLE=$1
WORK=$2
rm -rf "$WORK"
mkdir -p "$WORK"
fail() { echo "FAIL: $*" >&2; exit 1; }

# --- points by kind: every row's points add up to the seat's score ---
"$MEEPLE" sim --games 30 --seed 5 --rows "$WORK/r.csv" --db "$WORK/r.sqlite" --json --distributions > "$WORK/r.json"
python3 - "$WORK/r.csv" "$WORK/r.json" <<'PY' || fail "points by kind do not add up (rows or summary)"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 30
for r in rows:
    for p in (1, 2):
        pts = sum(int(v) for k, v in r.items() if k.startswith("points_%d_" % p))
        assert pts == int(r["score_%d" % p]), (r["seed"], p, pts, r["score_%d" % p])
    assert any(int(r["points_1_road"]) > 0 for r in rows)
d = json.load(open(sys.argv[2]))
for p, seat in enumerate(d["seats"]):
    assert abs(sum(d["points"][p].values()) - seat["mean"]) < 1e-9, (p, d["points"][p], seat["mean"])
    assert sum(d["hist"][p].values()) == 30
PY
[ "$(sqlite3 "$WORK/r.sqlite" 'SELECT count(*) FROM games WHERE points_1_road + points_1_city + points_1_cloister + points_1_field + points_1_other = score_1')" = 30 ] \
  || fail "--db rows: points by kind do not add up to score_1"

# agents in Lua: the same columns and sums, per agent too
"$MEEPLE" sim --games 4 --agents greedy,random --rotate-seats --rows "$WORK/a.csv" --json --distributions > "$WORK/a.json"
python3 - "$WORK/a.csv" "$WORK/a.json" <<'PY' || fail "agents: points by kind do not add up"
import csv, json, sys
for r in csv.DictReader(open(sys.argv[1])):
    for p in (1, 2):
        assert sum(int(v) for k, v in r.items() if k.startswith("points_%d_" % p)) == int(r["score_%d" % p])
d = json.load(open(sys.argv[2]))
for a in d["agents"]:
    assert abs(sum(a["points"].values()) - a["mean"]) < 1e-9, a
    assert sum(a["hist"].values()) == a["games"]
PY

# --- shards merged give the one process's summary, points and histograms included ---
"$MEEPLE" sim --games 60 --json --distributions > "$WORK/one.json"
"$MEEPLE" sim --games 60 --shard 1/2 --out "$WORK/p1.json" --distributions
"$MEEPLE" sim --games 60 --shard 2/2 --out "$WORK/p2.json" --jobs 2 --distributions
"$MEEPLE" merge --json "$WORK/p1.json" "$WORK/p2.json" > "$WORK/merged.json"
cmp "$WORK/one.json" "$WORK/merged.json" || fail "merged shards differ from one process"
grep -q '"hist":' "$WORK/merged.json" || fail "no histograms in the merged summary"

# --- the page ---
"$MEEPLE" sim --games 40 --agents greedy,random --rotate-seats --json --distributions --html "$WORK/s.html" > "$WORK/s.json"
# without --distributions no histogram is kept (a plain --json costs nothing more)
"$MEEPLE" sim --games 5 --json | grep -q '"hist"' && fail "--json keeps histograms unasked"
head -c 15 "$WORK/s.html" | grep -q '<!DOCTYPE html>' || fail "--html: not an HTML page"
grep -q 'Chart.js v' "$WORK/s.html" || fail "--html: Chart.js is not inside the page"
if grep -Eq '<script[^>]* src=|<link[^>]* href=' "$WORK/s.html"; then fail "--html: the page loads another file"; fi
for title in "Score distributions" "Win rates with 95% intervals" "First-player advantage" \
             "Points by feature kind" "greedy (agent)" "95% CI"; do
  grep -q "$title" "$WORK/s.html" || fail "--html: no '$title'"
done
"$MEEPLE" report "$WORK/s.json" -o "$WORK/r.html" || fail "meeple report failed"
cmp "$WORK/s.html" "$WORK/r.html" || fail "meeple report draws another page than sim --html"
"$MEEPLE" report "$WORK/p1.json" -o "$WORK/part.html" || fail "meeple report of a part file failed"
grep -q "Points by feature kind" "$WORK/part.html" || fail "report of a part file: no points by kind"
"$MEEPLE" sim --games 5 --json > "$WORK/nohist.json"
"$MEEPLE" report "$WORK/nohist.json" -o "$WORK/nohist.html" || fail "report without histograms failed"
grep -q "means only" "$WORK/nohist.html" || fail "a page without histograms does not say so"

# the compare page: differences per seat, per agent and per kind
"$MEEPLE" sim --games 40 --compare none examples/house-rules/farmers_4.lua --json --html "$WORK/c.html" > "$WORK/c.json"
for title in "Mean score, B - A" "Win rate, B - A" "Points by feature kind, B - A" "Game length"; do
  grep -q "$title" "$WORK/c.html" || fail "--compare --html: no '$title'"
done
python3 - "$WORK/c.json" <<'PY' || fail "--compare: per-kind differences wrong"
import json, sys
k = json.load(open(sys.argv[1]))["points_by_kind"]
assert k["field"]["diff"] > 0, k          # farmers_4 pays 4 a city
assert k["city"]["diff"] == 0 and k["road"]["diff"] == 0, k
assert "other" not in k, k                 # nothing scored for no feature
PY

# the page runs: a browser draws every chart without an error
if command -v chromium > /dev/null 2>&1; then
  dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 \
        --dump-dom "file://$(cd "$WORK" && pwd)/s.html" 2> /dev/null || true)
  n=$(grep -o '<canvas' "$WORK/s.html" | wc -l)
  [ "$n" -ge 3 ] || fail "s.html has $n charts"
  echo "$dom" | grep -q "data-charts=\"$n\"" || fail "chromium did not draw the $n charts of s.html"
fi

# --- refusals ---
if MEEPLE_CHARTJS=/nonexistent/chart.js "$MEEPLE" report "$WORK/s.json" -o "$WORK/x.html" 2> "$WORK/err"; then
  fail "a missing Chart.js was not refused"
fi
grep -q '/nonexistent/chart.js' "$WORK/err" && grep -q 'libjs-chart.js' "$WORK/err" \
  || fail "missing Chart.js: $(cat "$WORK/err")"
[ ! -e "$WORK/x.html" ] || fail "a page was written without Chart.js"
echo '{"x": 1}' > "$WORK/bad.json"
set +e
"$MEEPLE" report "$WORK/bad.json" -o "$WORK/x.html" 2> "$WORK/err"; st=$?
"$MEEPLE" report "$WORK/s.json" 2> /dev/null; st2=$?
"$MEEPLE" sim --games 4 --out "$WORK/p.json" --html "$WORK/x.html" 2> /dev/null; st3=$?
set -e
[ $st -eq 1 ] && grep -q 'bad.json: not the output of meeple sim --json' "$WORK/err" || fail "bad study: $st $(cat "$WORK/err")"
[ $st2 -eq 2 ] || fail "report without -o: exit $st2, want 2"
[ $st3 -eq 2 ] || fail "sim --out --html: exit $st3, want 2"
"$MEEPLE" report "$WORK/s.json" -o "$WORK/s.json" 2> "$WORK/err" && fail "report wrote over its study"
# a study that is no regular file (an endless device, a folder) is refused
# by what it is, before a byte is read; merge reads its parts alike
for study in /dev/zero "$WORK"; do
  set +e
  "$MEEPLE" report "$study" -o "$WORK/y.html" 2> "$WORK/err"; st=$?
  "$MEEPLE" merge "$study" "$study" 2> "$WORK/err2"; st2=$?
  set -e
  [ $st -eq 1 ] && grep -q "not a regular file" "$WORK/err" || fail "report $study: $st $(cat "$WORK/err")"
  [ $st2 -eq 1 ] && grep -q "not a regular file" "$WORK/err2" || fail "merge $study: $st2 $(cat "$WORK/err2")"
done
echo "report: ok"
