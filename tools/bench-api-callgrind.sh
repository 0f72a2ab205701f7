#!/bin/sh
# tools/bench-api-callgrind.sh [MEEPLE [RUNS]]: `meeple bench --api`
# counted in instructions under callgrind instead of timed (#39). Each
# probe runs a fixed number of calls between two callgrind dumps, so the
# count does not move with the machine's load. It still moves a little
# (some 20 instructions a call) from run to run: Lua seeds its string
# hashes with the time, so table lookups walk other chains. The table
# shown is the median of RUNS runs (default 3) per probe: the cost per
# call less the loop's, and the ratio to an empty Lua function call.
# MEEPLE: the executable (default build-rel/meeple). About 20 s a run.
set -eu
meeple=${1:-build-rel/meeple}
runs=${2:-3}
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-api-cg.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
i=1
while [ "$i" -le "$runs" ]; do
  mkdir "$dir/$i"
  valgrind --tool=callgrind --callgrind-out-file="$dir/$i/cg" --dump-instr=no \
    "$meeple" bench --api --callgrind "$dir/$i/cg" >"$dir/$i/table" 2>"$dir/valgrind.log" || {
    cat "$dir/valgrind.log" "$dir/$i/table" >&2
    exit 1
  }
  i=$((i + 1))
done
# rows: "name ... instr ratio"; the name is everything before the last two
# fields. Median instructions per row over the runs, ratio to row 1's.
cat "$dir"/*/table | awk -v runs="$runs" '
  /^call / { hdr = $0; next }
  NF >= 3 && $(NF - 1) ~ /^-?[0-9.]+$/ {
    name = $0; sub(/[ \t]+[-0-9.]+[ \t]+[-0-9.]+[ \t]*$/, "", name)
    if (!(name in n)) order[++rows] = name
    v[name, ++n[name]] = $(NF - 1)
    next
  }
  NR <= 2 && !(NR in head) { head[NR] = $0 }
  END {
    print head[1]; print head[2]
    printf "%-34s %10s %8s   (median of %d runs)\n", "call", "instr", "x empty", runs
    for (r = 1; r <= rows; r++) {
      name = order[r]; k = n[name]
      for (a = 1; a <= k; a++) s[a] = v[name, a]
      for (a = 1; a <= k; a++) for (b = a + 1; b <= k; b++) if (s[b] < s[a]) { t = s[a]; s[a] = s[b]; s[b] = t }
      med[r] = s[int((k + 1) / 2)]
    }
    for (r = 1; r <= rows; r++) printf "%-34s %10.1f %8.2f\n", order[r], med[r], med[r] / med[1]
  }'
