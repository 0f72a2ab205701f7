#!/bin/sh
# tools/fuzz-seeds.sh MEEPLE: rewrites the record fuzz seeds
# (tests/fuzz/seeds/record) from the current scripts and tiles. A record
# names its files' hashes, so after base.lua or base.tiles change the old
# seeds stop at line 1 and the record fuzzer no longer reaches the replay;
# the test fuzz/record_seeds_current says when to run this.
set -eu
meeple=$1
dir=$(cd "$(dirname "$0")/.." && pwd)/tests/fuzz/seeds/record
"$meeple" play --seed 3 --record "$dir/full.jsonl" > /dev/null
# partial: the same game cut in the middle of a line, as a crash leaves it
head -c 4000 "$dir/full.jsonl" > "$dir/partial.jsonl"
echo "rewrote $dir/full.jsonl and partial.jsonl"
