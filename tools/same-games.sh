#!/bin/sh
# tools/same-games.sh MEEPLE OUTDIR [GAMES]
#
# One `meeple sim --csv-games` file per rule set into OUTDIR: the base
# game, Traders & Builders with Abbey & Mayor, Princess & Dragon, Hunters
# & Gatherers, the base game with each script of bench/hooks/, with each
# house rule of examples/house-rules/ (on the expansion it needs) and with
# each fan expansion of examples/, GAMES games each (default 1000). A change that must not change play
# (a refactor of the hook path, #38) runs it before and after and diffs:
#   sh tools/same-games.sh before/meeple /tmp/a && sh tools/same-games.sh build/meeple /tmp/b
#   diff -r /tmp/a /tmp/b
# A run that fails writes its message into the file, so it shows in the diff.
set -u
meeple=$1
out=$2
games=${3:-1000}
mkdir -p "$out"
run() {  # name, args of meeple sim
  name=$1; shift
  "$meeple" sim --games "$games" --seed 1 --csv-games "$@" > "$out/$name.csv" 2>&1 ||
    echo "exit $?" >> "$out/$name.csv"
}
run base
run tb_am --with traders_builders,abbey_mayor
run pd --with princess_dragon
run hg --game hunters_gatherers
for f in bench/hooks/*.lua; do
  run "hooks_$(basename "$f" .lua)" --rules "$f"
done
for f in examples/house-rules/*.lua; do
  name=$(basename "$f" .lua)
  case $name in
    builder_chain|goods_percent) with="--with traders_builders" ;;
    wagon_cloister_road) with="--with abbey_mayor" ;;
    delayed_surveyor) with="--game new_world" ;;
    *) with="" ;;
  esac
  # shellcheck disable=SC2086
  run "rule_$name" $with --rules "$f"
done
run fan_lakes --with traders_builders,./examples/fan-expansion/lakes.lua,./examples/fan-expansion/lakes_traders.lua
for f in examples/fan-river/brook.lua examples/fan-river/brook_stepwise.lua \
         examples/fan-watchtowers/watchtowers.lua examples/fan-watchtowers/watchtowers_stepwise.lua; do
  run "fan_$(basename "$f" .lua)" --with "./$f"
done
