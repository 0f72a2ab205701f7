#!/bin/sh
# docs/python.md's install as written, in a plain venv (#43): no
# --system-site-packages, offline, with only Debian's python3-setuptools
# and python3-wheel (it failed with "invalid command 'bdist_wheel'"); then
# the venv's python plays a game.
# usage: pip_venv.sh SOURCE_DIR SCRATCH_DIR
set -e
src=$1; scratch=$2
rm -rf "$scratch"; mkdir -p "$scratch"
/usr/bin/python3 -m venv "$scratch/venv"
cd "$src"
"$scratch/venv/bin/python" -m pip install --quiet --no-index --no-build-isolation --no-deps . 2>&1 \
  | grep -v "Running pip as the 'root' user" || true
cd "$scratch"
env -u MEEPLE_PATH -u LD_PRELOAD -u PYTHONPATH "$scratch/venv/bin/python" - <<'PY'
import meeple
g = meeple.load(players=2, seed=1)
while not g.over:
    g.random_move()
assert len(g.scores()) == 2
print("venv meeple played", meeple.__version__, g.scores())
PY
