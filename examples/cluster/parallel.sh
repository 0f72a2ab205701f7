#!/bin/sh
# examples/cluster/parallel.sh: the same study as slurm.sh with GNU
# parallel: the shards on this machine's cores, or on ssh hosts, then
# the merge.
#
#   MEEPLE=$PWD/build/meeple GAMES=20000 SHARDS=4 OUT=study \
#     sh examples/cluster/parallel.sh --players 3
#   HOSTS=node1,node2 ...  runs the shards over ssh (meeple installed at
#                          the same MEEPLE path on each host); each part
#                          file comes back with --return
#   JOBS=2 ...             shards at once on this machine (default: cores)
#
# Options after the script name go to every shard's 'meeple sim'. The
# result is OUT/summary.json; OUT/joblog says which shard ran where and
# how it ended (rerun failed ones with parallel --resume-failed).
set -eu
MEEPLE=${MEEPLE:-$(command -v meeple)}
GAMES=${GAMES:-20000}
SHARDS=${SHARDS:-4}
OUT=${OUT:-study}
mkdir -p "$OUT"
cd "$OUT"
if [ -n "${HOSTS:-}" ]; then
  set -- --sshlogin "$HOSTS" --workdir ... --return 'part-{}.json' --cleanup -- "$@"
else
  set -- -j "${JOBS:-$(nproc)}" -- "$@"
fi
# run: the options for parallel, then '--', then the options for sim
run() {
  popts=""
  while [ "$1" != "--" ]; do popts="$popts $1"; shift; done
  shift
  # shellcheck disable=SC2086
  parallel --will-cite --halt now,fail=1 --joblog joblog $popts \
    -q "$MEEPLE" sim --games "$GAMES" --shard '{}'/"$SHARDS" "$@" --out 'part-{}.json' \
    ::: $(seq "$SHARDS")
}
run "$@"
# A shard whose part did not come back (a --return that failed on a host)
# must stop the study, not shrink it: merge alone cannot see a missing
# last shard.
for i in $(seq "$SHARDS"); do
  [ -s "part-$i.json" ] || { echo "parallel.sh: part-$i.json is missing: shard $i/$SHARDS did not come back" >&2; exit 1; }
done
"$MEEPLE" merge part-*.json --json > summary.json.tmp
mv summary.json.tmp summary.json
"$MEEPLE" merge part-*.json
