#!/bin/sh
# The rock, offline, as README.md says: luarocks --lua-version 5.4 make
# --deps-mode=none into a scratch tree (Debian's lua-lpeg and lua-cjson are
# system packages, not rocks); then, from elsewhere and with only
# `luarocks path`, stock lua5.4 loads and plays a game with a house rule,
# and the installed meeple command plays one.
# usage: rock_test.sh SOURCE_DIR SCRATCH
set -e
src=$1; scratch=$2
rm -rf "$scratch"; mkdir -p "$scratch/src"
# A copy of the sources without build trees: luarocks builds in place.
(cd "$src" && tar cf - --exclude='./build*' --exclude=./.git .) | (cd "$scratch/src" && tar xf -)
cd "$scratch/src"
unset MEEPLE_PATH MEEPLE_ROOT LD_PRELOAD
export CMAKE_BUILD_PARALLEL_LEVEL=2
luarocks --lua-version 5.4 --tree "$scratch/tree" make --deps-mode=none >"$scratch/luarocks.log" 2>&1 ||
  { cat "$scratch/luarocks.log"; exit 1; }
tree=$scratch/tree
for f in bin/meeple lib/lua/5.4/meeple.so share/lua/5.4/meeple/loader.lua share/lua/5.4/meeple/tiles.lua \
         share/lua/5.4/meeple/session.lua lib/luarocks/rocks-5.4/meeple/0.1.0-1/share/meeple/scripts/base.lua \
         lib/luarocks/rocks-5.4/meeple/0.1.0-1/share/meeple/tiles/base.tiles; do
  test -e "$tree/$f" || { echo "the rock did not install $f"; exit 1; }
done
cp examples/house-rules/long_roads.lua "$scratch/"
cd "$scratch"
eval "$(luarocks --lua-version 5.4 --tree "$tree" path)"
lua5.4 -e '
  local meeple = require "meeple"
  assert(require("meeple.tiles") and require("meeple.loader"), "the Lua modules are there")
  local g = meeple.load{ game = "base", rules = { "long_roads.lua" }, options = { long_road = 4 },
                         players = 3, seed = 5 }
  while not g:over() do g:random_move() end
  local s = g:scores()
  assert(#s == 3 and s[1] + s[2] + s[3] > 0)
  print("rock: lua5.4 played " .. table.concat(s, ":"))'
"$tree/bin/meeple" play --quiet --seed 2 | grep -q "final scores"
echo "rock: the meeple command played"
