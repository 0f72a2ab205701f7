#!/bin/sh
# examples/cluster/slurm.sh: a sim study on a Slurm cluster: one array
# job with a task per shard, then a merge job that waits for all of them.
#
#   MEEPLE=$PWD/build/meeple GAMES=20000 SHARDS=4 OUT=/shared/study \
#     sh examples/cluster/slurm.sh --players 3 --seed 1
#
# Options after the script name go to every shard's 'meeple sim'. OUT must
# be on a file system every node sees; MEEPLE an absolute path valid on
# every node. The result is OUT/summary.json (and the table in the merge
# job's log); OUT/jobs holds the two job ids. See docs/scale.md.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
MEEPLE=${MEEPLE:-$(command -v meeple)}
GAMES=${GAMES:-20000}
SHARDS=${SHARDS:-4}
OUT=${OUT:-$PWD/study}
SIM_ARGS="$*"
export MEEPLE GAMES SHARDS SIM_ARGS
mkdir -p "$OUT"
# sbatch exports this environment to the jobs; --parsable prints the id
array=$(sbatch --parsable --array=1-"$SHARDS" --chdir="$OUT" "$HERE/shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$OUT" "$HERE/merge.sbatch")
merge=${merge%%;*}
printf 'array %s\nmerge %s\n' "$array" "$merge" > "$OUT/jobs"
echo "submitted: array job $array ($SHARDS shards of $GAMES games), merge job $merge"
echo "the summary will be in $OUT/summary.json"
