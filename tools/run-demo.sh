#!/bin/sh
# `make run`: a full 2-player base game with seed 1, its record and its
# board, and where to find them.
build=${1:-build}
"$build/meeple" play --game base --players 2 --seed 1 --svg board.svg --record game.jsonl || exit $?
echo
echo "wrote $(pwd)/board.svg (the final board) and $(pwd)/game.jsonl (the game record)"
echo "check the record with:  $build/meeple replay game.jsonl"
