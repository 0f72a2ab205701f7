#!/bin/sh
# tools/long-functions.sh: the sources pass, and the fixture's long C and
# Lua functions (and only those) are reported with a failing exit.
#   sh long_functions_test.sh SOURCE_DIR
set -u
SRC=$1
fail() { echo "FAIL: $*"; exit 1; }

out=$(sh "$SRC/tools/long-functions.sh" "$SRC" 2>&1) || fail "the sources have long functions or files:
$out"

out=$(sh "$SRC/tools/long-functions.sh" "$SRC/tests/fixtures/long-functions" 2>&1) && fail "the fixture passed:
$out"
echo "$out" | grep -qx "125 engine/long.c long_one" || fail "long_one not reported: $out"
echo "$out" | grep -qx "122 bindings/long.lua M.long_lua" || fail "M.long_lua not reported: $out"
echo "$out" | grep -q "at_limit" && fail "a function at the limit was reported: $out"
echo "$out" | grep -q "inner" && fail "a short nested function was reported: $out"

out=$(sh "$SRC/tools/long-functions.sh" --limit 200 --file-limit 100 "$SRC/tests/fixtures/long-functions" 2>&1) &&
  fail "a C file over --file-limit passed: $out"
echo "$out" | grep -q "engine/long.c (file)" || fail "the long file not reported: $out"
echo "ok: long functions and files are reported"
