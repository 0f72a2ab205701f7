#!/bin/sh
# bench/hooks/bench.sh [BUILD] [--games N] [--repeat N] [--callgrind [N1 N2]]
#
# The hook-cost table of issue #19: the base game alone, then the base
# game with each script of bench/hooks/ as a house rule, all in one run
# so the ratios to base are comparable (the machine's load swings the
# absolute games/s by +-30%). `make bench-hooks` runs it.
#
# --callgrind counts instructions per game instead (valgrind, exact and
# independent of load): `meeple sim` of N2 games minus N1 games (default
# 20 and 60), divided by N2 - N1, so loading the rules is left out.
set -eu
build=build
games=2000
repeat=3
callgrind=0
n1=20
n2=60
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --callgrind)
      callgrind=1; shift
      if [ $# -ge 2 ] && [ "$1" -eq "$1" ] 2>/dev/null; then n1=$1; n2=$2; shift 2; fi ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench/hooks/bench.sh: unknown option '$1'" >&2; exit 2 ;;
    *) build=$1; shift ;;
  esac
done
dir=$(dirname "$0")
meeple="$build/meeple"
[ -x "$meeple" ] || { echo "bench/hooks/bench.sh: no $meeple (make build first)" >&2; exit 1; }
scripts="empty_turn empty_on empty_tile_drawn empty_feature_scored empty_collect empty_action state_untouched state_1000 state_append allow_true transform_points"

games_per_s() {  # extra args for meeple bench -> games/s
  "$meeple" bench --games "$games" --repeat "$repeat" "$@" | awk '/games\/s/ { print $2 }'
}

instructions() {  # games, extra args -> instructions of meeple sim
  n=$1; shift
  # callgrind runs some 50 times slower: no wall-clock limit may trip
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$meeple" sim --games "$n" \
    --time-limit 3600000 "$@" \
    2>&1 >/dev/null | awk '/Collected :/ { print $4 }'
}

per_game() {  # extra args -> instructions per game
  a=$(instructions "$n1" "$@")
  b=$(instructions "$n2" "$@")
  echo $(( (b - a) / (n2 - n1) ))
}

if [ "$callgrind" = 1 ]; then
  command -v valgrind >/dev/null || { echo "bench/hooks/bench.sh: valgrind not installed" >&2; exit 1; }
  base=$(per_game)
  printf '%-18s %14s %10s   (callgrind, sim %d-%d games)\n' script "instr/game" "x base" "$n1" "$n2"
  printf '%-18s %14d %10.2f\n' base "$base" 1
  for s in $scripts; do
    v=$(per_game --rules "$dir/$s.lua")
    printf '%-18s %14d %10.2f\n' "$s" "$v" "$(echo "$v $base" | awk '{ print $1 / $2 }')"
  done
  exit 0
fi

base=$(games_per_s)
printf '%-18s %10s %8s   (meeple bench, %d games, best of %d)\n' script games/s "vs base" "$games" "$repeat"
printf '%-18s %10.0f %8.3f\n' base "$base" 1
for s in $scripts; do
  v=$(games_per_s --rules "$dir/$s.lua")
  printf '%-18s %10.0f %8.3f\n' "$s" "$v" "$(echo "$v $base" | awk '{ print $1 / $2 }')"
done
