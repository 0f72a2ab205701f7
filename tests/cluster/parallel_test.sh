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

# The ssh branch (HOSTS=...): each shard runs on a "host" reached through
# tests/cluster/ssh_local.sh, which GNU parallel and rsync call as they
# call ssh, in that host's own home; the parts come back with --return.
command -v rsync > /dev/null || { echo "rsync is not installed (make deps)"; exit 77; }
export SSH_LOCAL_ROOT="$WORK/hosts"
mkdir -p "$SSH_LOCAL_ROOT"
PARALLEL_SSH="sh $(pwd)/tests/cluster/ssh_local.sh" HOSTS=node1,node2 MEEPLE=$MEEPLE GAMES=$GAMES SHARDS=4 \
  OUT=$WORK/ssh-study sh examples/cluster/parallel.sh --players 3 --seed 11 > "$WORK/ssh-table.txt"
cmp "$WORK/one.json" "$WORK/ssh-study/summary.json" || { echo "FAIL: merged summary over ssh differs"; exit 1; }
cmp "$WORK/one.txt" "$WORK/ssh-table.txt" || { echo "FAIL: merged table over ssh differs"; exit 1; }
hosts=$(awk 'NR > 1 && $7 == 0 { print $2 }' "$WORK/ssh-study/joblog" | sort -u | tr '\n' ' ')
[ "$hosts" = "node1 node2 " ] || { echo "FAIL: shards ran on '$hosts', not on node1 and node2"; exit 1; }
grep -q "rsync --server --sender" "$SSH_LOCAL_ROOT/log" || { echo "FAIL: no part came back over ssh"; exit 1; }
grep -q "meeple sim --games $GAMES --shard" "$SSH_LOCAL_ROOT/log" || grep -q "GNU_Parallel_worker" "$SSH_LOCAL_ROOT/log" \
  || { echo "FAIL: no shard ran over ssh"; exit 1; }
left=$(find "$SSH_LOCAL_ROOT/node1" "$SSH_LOCAL_ROOT/node2" -name 'part-*.json' | wc -l)
[ "$left" -eq 0 ] || { echo "FAIL: --cleanup left $left part files on the hosts"; exit 1; }
rm -rf "$WORK"
echo "parallel recipe: 4 shards of $GAMES games merge into the single-process summary, locally and over ssh"
