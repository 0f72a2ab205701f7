#!/bin/sh
# An upward call in bindings/ or in the kernel fails to LINK (#38,
# docs/architecture.md), not only an upward #include: every layer is
# linked alone with the layers below it (meeple_layer_link in
# bindings/CMakeLists.txt, gk_layer_link in the top CMakeLists.txt).
#   sh layers_link_test.sh SOURCE_DIR BUILD_DIR CMAKE
# Links fixtures/upward_call.c, a hand-declared call to embed/'s
# luaopen_meeple, twice: into embed/ (it must link: the fixture is sound)
# and into sandbox/ (it must fail, on that very function); the same for
# the kernel's core < flow < agent with fixtures/engine_up_flow.c (core
# calling flow/'s gk_play_clone) and engine_up_agent.c (flow calling
# agent/'s gk_mcts_choose). The kernel's headers the same way: a file
# including gk_flow.h compiles as flow/, not as core, and one including
# gk_agent.h as agent/, not as flow/. Also checks that the build made
# every layer's own link check.
set -u
SRC=$1
BUILD=$2
CMAKE=$3
fail() { echo "FAIL: $*"; exit 1; }

layers=$(sed -n 's/^set(MEEPLE_LAYERS \(.*\))$/\1/p' "$SRC/bindings/CMakeLists.txt")
[ -n "$layers" ] || fail "no MEEPLE_LAYERS in bindings/CMakeLists.txt"
for l in $layers; do
  [ -f "$BUILD/bindings/meeple_link_$l" ] || fail "the build made no link check of $l/ (bindings/meeple_link_$l)"
done

out=$("$CMAKE" --build "$BUILD" --target meeple_link_fixture_top 2>&1) ||
  fail "the fixture does not link even into embed/, which defines what it calls:
$out"
out=$("$CMAKE" --build "$BUILD" --target meeple_link_fixture_upward 2>&1) &&
  fail "sandbox/ linked a call to embed/'s luaopen_meeple"
echo "$out" | grep -q "undefined reference to .luaopen_meeple'\|undefined symbol: luaopen_meeple" ||
  fail "the link failed, but not on the upward call:
$out"
gk_layers=$(sed -n 's/^set(GK_LAYERS \(.*\))$/\1/p' "$SRC/CMakeLists.txt")
[ "$gk_layers" = "core flow agent" ] || fail "GK_LAYERS in CMakeLists.txt is '$gk_layers', not 'core flow agent'"
for l in $gk_layers; do
  [ -f "$BUILD/meeple_link_gk_$l" ] || fail "the build made no link check of the kernel's $l (meeple_link_gk_$l)"
done
# upward LOW HIGH FUNCTION: the fixture calling HIGH's FUNCTION links into HIGH, not LOW
upward() {
  out=$("$CMAKE" --build "$BUILD" --target "meeple_link_fixture_gk_$2_down" 2>&1) ||
    fail "the kernel fixture calling $3 does not link even into $2/, which defines it:
$out"
  out=$("$CMAKE" --build "$BUILD" --target "meeple_link_fixture_gk_$1_up" 2>&1) &&
    fail "the kernel's $1 linked a call to $2/'s $3"
  echo "$out" | grep -q "undefined reference to .$3'\|undefined symbol: $3" ||
    fail "the link failed, but not on the upward call to $3:
$out"
}
upward core flow gk_play_clone
upward flow agent gk_mcts_choose
# include LOW HIGH HEADER: a file including HIGH's HEADER compiles as HIGH, not as LOW
include_up() {
  out=$("$CMAKE" --build "$BUILD" --target "meeple_include_fixture_gk_$2_down" 2>&1) ||
    fail "the kernel fixture including $3 does not compile even as $2/:
$out"
  out=$("$CMAKE" --build "$BUILD" --target "meeple_include_fixture_gk_$1_up" 2>&1) &&
    fail "the kernel's $1 compiled an include of $2's $3"
  echo "$out" | grep -q "$3.*No such file\|No such file.*$3" ||
    fail "the compile failed, but not on the include of $3:
$out"
}
include_up core flow gk_flow.h
include_up flow agent gk_agent.h
echo "ok: an upward call fails to link (sandbox/ calling embed/'s luaopen_meeple; the kernel's core calling flow's gk_play_clone, flow calling agent's gk_mcts_choose); $(echo $layers | wc -w) + $(echo $gk_layers | wc -w) layers link alone; the kernel's core cannot include gk_flow.h, its flow gk_agent.h"
