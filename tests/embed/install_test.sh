#!/bin/sh
# cmake --install into a scratch prefix, then build examples/embed-c
# against it twice (pkg-config and find_package, shared and static) and
# run each: the house rule must change the points and an illegal move be
# refused. Also lua5.4 with the installed meeple.so and the installed
# meeple command, from elsewhere and without MEEPLE_PATH.
# usage: install_test.sh BUILD_DIR SOURCE_DIR SCRATCH [EXTRA_CFLAGS]
set -e
build=$1; src=$2; scratch=$3; extra=$4
rm -rf "$scratch"; mkdir -p "$scratch"
stage=$scratch/stage
cmake --install "$build" --prefix "$stage" >/dev/null
for f in include/meeple/meeple.h include/meeple/gk.h include/meeple/gk_flow.h lib/libmeeple.a \
         lib/libmeeple.so lib/pkgconfig/meeple.pc lib/cmake/meeple/meepleConfig.cmake \
         share/meeple/scripts/base.lua bin/meeple lib/lua/5.4/meeple.so; do
  test -e "$stage/$f" || { echo "not installed: $f"; exit 1; }
done
unset MEEPLE_PATH MEEPLE_ROOT
cp -r "$src/examples/embed-c" "$scratch/ex"
cd "$scratch/ex"

check() {  # the output of one build of the example
  echo "$1" | grep -q "the house rule changed the points by +[1-9]" || { echo "$1"; exit 1; }
  echo "$1" | grep -q "refused: 'place X 99,99 r0' is not a legal move now" || { echo "$1"; exit 1; }
}

export PKG_CONFIG_PATH="$stage/lib/pkgconfig"
# Every installed header compiles on its own, in C and in C++.
for h in "$stage"/include/meeple/*.h; do
  printf '#include <%s>\n' "$(basename "$h")" > one.c
  cc -std=c11 -Wall -Werror -fsyntax-only $(pkg-config --cflags meeple) one.c
  if command -v c++ >/dev/null; then
    c++ -Wall -Werror -fsyntax-only -x c++ $(pkg-config --cflags meeple) one.c
  fi
done
rm -f one.c
make -s play play-static CFLAGS="-O1 -Wall -Werror $extra" >/dev/null
# #43: the README's commands as written: `make play && ./play` runs with
# no LD_LIBRARY_PATH (the rpath), and prints the README's expected output.
out=$(env -u LD_LIBRARY_PATH ./play)
check "$out"
expected=$(awk '/^Expected output/ { on = 1; next } on && /^```$/ { if (in_block) exit; in_block = 1; next } in_block' README.md)
if [ "$out" != "$expected" ]; then
  echo "README.md's expected output is not what ./play prints:"
  echo "--- README.md"; echo "$expected"; echo "--- ./play"; echo "$out"
  exit 1
fi
check "$(./play-static)"
echo "pkg-config: shared and static builds play"

cmake -S . -B b -DCMAKE_PREFIX_PATH="$stage" -DCMAKE_C_FLAGS="$extra" \
  -DCMAKE_EXE_LINKER_FLAGS="$extra" >/dev/null
cmake --build b >/dev/null
check "$(b/play)"
check "$(b/play_static)"
echo "find_package: shared and static builds play"

cd "$scratch"
# An instrumented meeple.so needs the sanitizer runtime in lua5.4 first.
ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD=${EMBED_LUA_PRELOAD:-} LUA_CPATH="$stage/lib/lua/5.4/?.so;;" lua5.4 -e '
  local meeple = require "meeple"
  local g = meeple.load{ players = 2, seed = 3 }
  while not g:over() do g:random_move() end
  assert(#g:scores() == 2)'
"$stage/bin/meeple" play --quiet --seed 3 | grep -q "final scores"
echo "installed lua module and command play"
