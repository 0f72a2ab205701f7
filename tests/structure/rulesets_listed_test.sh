#!/bin/sh
# tests/structure/rulesets_listed_test.sh ROOT: every game and expansion
# script of scripts/ is measured by bench/rulesets/bench.sh (#41 asks
# each for >= 0.5x the base game's games/s in one run), so a new script
# that nobody added to bench/rulesets/list fails here.
# A fixture run first shows the check catches a missing script.
set -u
root=${1:-.}

missing() {  # scripts dir, list file -> the script names the list lacks
  for f in "$1"/*.lua; do
    name=$(basename "$f" .lua)
    [ "$name" = base ] && continue
    grep -v '^[[:space:]]*#' "$2" | grep -Eq -- "(--with ([^ ]*,)?$name(,|[[:space:]]|\$)|--game $name([[:space:]]|\$))" \
      || echo "$name"
  done
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/scripts"
: > "$tmp/scripts/base.lua"; : > "$tmp/scripts/listed.lua"; : > "$tmp/scripts/forgotten.lua"
printf 'base\nlisted --with listed\n# forgotten --with forgotten\n' > "$tmp/list"
if [ "$(missing "$tmp/scripts" "$tmp/list")" != forgotten ]; then
  echo "FAIL: the fixture's unlisted script was not caught"; exit 1
fi

out=$(missing "$root/scripts" "$root/bench/rulesets/list")
if [ -n "$out" ]; then
  echo "FAIL: scripts not in bench/rulesets/list (add a line: NAME --with NAME):"
  echo "$out" | sed 's/^/  /'
  exit 1
fi
echo "ok: every script of scripts/ is in bench/rulesets/list ($(ls "$root"/scripts/*.lua | wc -l) scripts)"
