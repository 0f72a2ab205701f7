#!/bin/sh
# bench/strength.sh: the agents' strength figures of issue 21, as tables
# with 95% intervals (Wilson for win rates). Long: run it niced, in the
# background, on a quiet machine when you can. Never part of `make test`.
#
#   sh bench/strength.sh [GAMES] [MEEPLE]      (default 200 games each)
#
# Each line is `meeple sim --agents A,B --rotate-seats`: every seed is
# played once with A first and once with B first.
GAMES=${1:-200}
MEEPLE=${2:-build/meeple}
run() {
  echo "== $*"
  $MEEPLE sim --games "$GAMES" --rotate-seats "$@" | sed -n '/agent  /,$p'
  echo
}
run --agents mcts:500,greedy
# the earlier default: leaves without a feature's chance to close
run --agents mcts:500:complete=0,greedy
# the default before that: a figure in supply worth 1 point, as greedy's
run --agents mcts:500:figure=1:complete=0,greedy
# the earlier default: every playout move the best of 4 drawn (sample=4),
# a third of the default's cost (sample=0, every move weighed)
run --agents mcts:500:sample=4:complete=0,greedy
# only the opponent's playout moves the best of all (rsample=0)
run --agents mcts:500:sample=4:rsample=0:complete=0,greedy
# playout moves judged as greedy judges them, a tile by its best figure
# (follow=100, capped at 16): about 2x the default's time a decision
run --agents mcts:500:follow=100:complete=0,greedy
run --agents mcts:500,random
run --agents mcts:2000,mcts:500
# the same horizon at both budgets (by default mcts:2000 plays 4-turn
# playouts, mcts:500 2-turn ones): what more playouts alone buy
run --agents mcts:2000:turns=2,mcts:500
run --agents mcts:2000:turns=3,mcts:500:turns=3
run --agents mcts:500,greedy --with traders_builders,abbey_mayor
run --agents mcts:500,greedy --game hunters_gatherers
