#!/bin/sh
# An upward call in bindings/ fails to LINK (#38, docs/architecture.md),
# not only an upward #include: every layer is linked alone with the
# layers below it (meeple_layer_link in bindings/CMakeLists.txt).
#   sh layers_link_test.sh SOURCE_DIR BUILD_DIR CMAKE
# Links fixtures/upward_call.c, a hand-declared call to embed/'s
# luaopen_meeple, twice: into embed/ (it must link: the fixture is sound)
# and into sandbox/ (it must fail, on that very function). Also checks
# that the build made every layer's own link check.
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
echo "ok: an upward call fails to link (sandbox/ calling embed/'s luaopen_meeple); $(echo $layers | wc -w) layers link alone"
