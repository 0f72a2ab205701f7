#!/bin/sh
# No source folder holds more than 15 C files directly (#38): a folder
# that grows past it is split by theme (engine/src/flow/caps/figures/,
# tests/unit/kernel/, ...), so a newcomer scans one screen per folder.
#   sh folders_test.sh SOURCE_DIR
# Every folder of the repository that holds a .c file counts, except
# build trees, the fuzzers' corpora and .git. It checks itself first on a
# made-up tree with one folder over the limit.
set -u
SRC=$1
LIMIT=15
fail() { echo "FAIL: $*"; exit 1; }

# Prints "N folder" for every folder under $1 holding more than LIMIT C files.
over() {
  (cd "$1" && find . \( -name .git -o -name 'build*' -o -name corpus -o -name node_modules \) -prune \
       -o -type f -name '*.c' -print) |
    sed 's|/[^/]*$||; s|^\./||; s|^\.$|.|' | sort | uniq -c |
    awk -v limit="$LIMIT" '$1 > limit { print $1, $2 }'
}

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/a/b" "$T/a/c"
i=0; while [ $i -le $LIMIT ]; do : > "$T/a/b/f$i.c"; i=$((i + 1)); done
: > "$T/a/c/one.c"
[ "$(over "$T")" = "$((LIMIT + 1)) a/b" ] || fail "the self-test's a/b with $((LIMIT + 1)) C files was not caught: $(over "$T")"

bad=$(over "$SRC")
[ -z "$bad" ] || fail "folders with more than $LIMIT C files:
$bad"
n=$( (cd "$SRC" && find . \( -name .git -o -name 'build*' -o -name corpus \) -prune -o -type f -name '*.c' -print) |
     sed 's|/[^/]*$||' | sort -u | wc -l)
echo "ok: $n source folders, none with more than $LIMIT C files"
