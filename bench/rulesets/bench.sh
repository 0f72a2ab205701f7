#!/bin/sh
# bench/rulesets/bench.sh [BUILD] [--games N] [--repeat N] [--only NAME,...]
#                         [--min RATIO] [--callgrind [N1 N2]]
#
# Every shipped rule set of bench/rulesets/list against the base game, in
# one run: games/s of `meeple bench` (best of --repeat runs of --games
# games) and the ratio to the base game measured just before it, so that
# the machine's load, which swings absolute games/s by +-30%, cancels.
# Issue #41 asks every expansion for >= 0.5x the base game's games/s.
#
# --callgrind counts instructions per game instead (valgrind: exact and
# independent of load): `meeple sim` of N2 games minus N1 games (default
# 20 and 60), divided by N2 - N1, so loading the rules is left out; the
# ratio is base's instructions over the rule set's (games/s terms).
# --min RATIO exits 1 when a rule set is below RATIO (they are all listed
# first). `make bench-rulesets` runs it on the release build.
set -eu
build=build
games=2000
repeat=3
callgrind=0
n1=20
n2=60
min=
only=
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --only) only=",$2,"; shift 2 ;;
    --min) min=$2; shift 2 ;;
    --callgrind)
      callgrind=1; shift
      if [ $# -ge 2 ] && [ "$1" -eq "$1" ] 2>/dev/null; then n1=$1; n2=$2; shift 2; fi ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench/rulesets/bench.sh: unknown option '$1'" >&2; exit 2 ;;
    *) build=$1; shift ;;
  esac
done
case "$games$repeat$n1$n2" in *[!0-9]*)
  echo "bench/rulesets/bench.sh: --games, --repeat and --callgrind take whole numbers" >&2; exit 2 ;;
esac
[ "$n2" -gt "$n1" ] || { echo "bench/rulesets/bench.sh: --callgrind N1 N2 needs N2 > N1" >&2; exit 2; }
dir=$(dirname "$0")
meeple="$build/meeple"
[ -x "$meeple" ] || { echo "bench/rulesets/bench.sh: no $meeple (make build first)" >&2; exit 1; }
for want in $(echo "$only" | tr ',' ' '); do
  grep -q "^$want\([[:space:]]\|\$\)" "$dir/list" || {
    echo "bench/rulesets/bench.sh: --only: no rule set '$want' in $dir/list" >&2; exit 2; }
done


games_per_s() {  # extra args -> games/s
  "$meeple" bench --games "$games" --repeat "$repeat" "$@" | awk '/games\/s/ { print $2; exit }'
}

instructions() {  # games, extra args -> instructions of meeple sim
  n=$1; shift
  # callgrind runs some 50 times slower: no wall-clock limit may trip
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$meeple" sim --games "$n" --seed 1 \
    --time-limit 3600000 "$@" 2>&1 >/dev/null | awk '/Collected :/ { print $4 }'
}

per_game() {  # extra args -> instructions per game
  a=$(instructions "$n1" "$@")
  b=$(instructions "$n2" "$@")
  echo $(( (b - a) / (n2 - n1) ))
}

if [ "$callgrind" = 1 ]; then
  command -v valgrind >/dev/null || { echo "bench/rulesets/bench.sh: valgrind not installed" >&2; exit 1; }
  measure() { per_game "$@"; }
  printf '%-24s %12s %12s %8s   (callgrind, sim games %d-%d)\n' "rule set" "instr/game" "base" "ratio" "$n1" "$n2"
else
  measure() { games_per_s "$@"; }
  printf '%-24s %12s %12s %8s   (meeple bench, %d games, best of %d)\n' "rule set" "games/s" "base" "ratio" "$games" "$repeat"
fi

below=0
# the list's lines, comments and blank lines left out; read from a copy
# on fd 3 so that the commands' standard input stays the terminal's
grep -v '^[[:space:]]*\(#\|$\)' "$dir/list" > "${TMPDIR:-/tmp}/rulesets.$$"
trap 'rm -f "${TMPDIR:-/tmp}/rulesets.$$"' EXIT
while read -r name args <&3; do
  [ "$name" = base ] && continue
  case "$only" in "" | *",$name,"*) ;; *) continue ;; esac
  # instruction counts do not drift with the load: one base will do
  if [ "$callgrind" = 0 ] || [ -z "${base:-}" ]; then base=$(measure); fi
  # shellcheck disable=SC2086 # args are words by design
  # shellcheck disable=SC2086
  value=$(measure $args)
  if [ "$callgrind" = 1 ]; then
    ratio=$(echo "$base $value" | awk '{ printf "%.3f", $1 / $2 }')
  else
    ratio=$(echo "$value $base" | awk '{ printf "%.3f", $1 / $2 }')
  fi
  mark=
  if [ -n "$min" ] && [ "$(echo "$ratio $min" | awk '{ print ($1 < $2) }')" = 1 ]; then
    mark="   below $min"
    below=$((below + 1))
  fi
  printf '%-24s %12.0f %12.0f %8s%s\n' "$name" "$value" "$base" "$ratio" "$mark"
done 3< "${TMPDIR:-/tmp}/rulesets.$$"
if [ "$below" -gt 0 ]; then
  echo "$below rule set(s) below $min x the base game" >&2
  exit 1
fi
