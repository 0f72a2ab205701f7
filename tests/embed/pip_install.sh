#!/bin/sh
# pip install . offline (Debian's setuptools, no build isolation) into a
# scratch directory, then, from elsewhere and without MEEPLE_PATH, play a
# game with a house rule and replay its record.
# usage: pip_install.sh SOURCE_DIR SCRATCH_DIR
set -e
src=$1; scratch=$2
rm -rf "$scratch"; mkdir -p "$scratch"
cd "$src"
/usr/bin/python3 -m pip install --quiet --no-index --no-build-isolation --no-deps \
  --target "$scratch/site" . 2>&1 | grep -v "Running pip as the 'root' user" || true
test -f "$scratch"/site/meeple/data/scripts/base.lua
cp examples/house-rules/long_roads.lua "$scratch/"
cd "$scratch"
env -u MEEPLE_PATH -u LD_PRELOAD PYTHONPATH="$scratch/site" /usr/bin/python3 - <<'PY'
import meeple
g = meeple.load(players=3, seed=2, rules=["long_roads.lua"], options={"long_road": 4})
while not g.over:
    g.random_move()
s = g.scores()
assert len(s) == 3 and sum(s) > 0, s
assert meeple.replay(g.record()).scores() == s
print("installed meeple played", s)
PY
