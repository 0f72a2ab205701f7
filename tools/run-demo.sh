#!/bin/sh
# `make run`: what a new user sees first. Until the rules layer lands this
# is the kernel benchmark on the base deck.
build=${1:-build}
if [ -x "$build/meeple" ]; then
  exec "$build/meeple" play --game base --players 2 --seed 1 --svg board.svg --record game.jsonl
fi
echo "meeple: the rules layer is not built yet; running the kernel benchmark"
exec "$build/bench/meeple-kernel-bench" --games 20000
