#!/bin/sh
# The layers of bindings/ look down only (docs/architecture.md, #38).
#   sh layers_test.sh SOURCE_DIR [BUILD_DIR]
# The order and what each layer may use come from bindings/CMakeLists.txt
# (MEEPLE_LAYERS, MEEPLE_LAYER_BELOW_<layer>), the same lists the build
# links by. Fails when
#   - a C file or header of bindings/ lies outside a layer folder,
#   - a layer folder holds more than 15 C files,
#   - a file includes a header of a layer it may not use (one above it),
#   - with BUILD_DIR: a layer's object calls a function that only a layer
#     it may not use defines (an upward call that names no header).
# It checks itself first on a made-up tree with one upward include.
# The build itself refuses an upward call at link time (meeple_link_<layer>,
# layers_link_test.sh); this test names the file that makes it.
set -u
SRC=$1
BUILD=${2:-}
fail() { echo "FAIL: $*"; exit 1; }

# The layers a layer may use (itself and everything below it), one
# "layer allowed..." line each, from CMakeLists.txt at $1.
allowed_table() {
  awk '
    /^set\(MEEPLE_LAYERS / { sub(/^set\(MEEPLE_LAYERS /, ""); sub(/\).*/, ""); n = split($0, order, " ") }
    /^set\(MEEPLE_LAYER_BELOW_/ {
      line = $0; sub(/^set\(MEEPLE_LAYER_BELOW_/, "", line); sub(/\).*/, "", line)
      k = split(line, w, " "); below[w[1]] = ""
      for (i = 2; i <= k; i++) below[w[1]] = below[w[1]] " " w[i]
    }
    function walk(l, seen,   k, w, i) {
      if ((l SUBSEP "x") in mark) return
      mark[l SUBSEP "x"] = 1; out = out " " l
      k = split(below[l], w, " ")
      for (i = 1; i <= k; i++) walk(w[i])
    }
    END {
      for (i = 1; i <= n; i++) { delete mark; out = ""; walk(order[i]); print order[i] out }
    }' "$1"
}

# Checks the tree at $1 (a bindings/ folder), without a build.
check_tree() {
  B=$1
  table=$(allowed_table "$B/CMakeLists.txt")
  [ -n "$table" ] || { echo "no MEEPLE_LAYERS in $B/CMakeLists.txt"; return 1; }
  layers=$(echo "$table" | awk '{print $1}')
  bad=0
  for f in "$B"/*.c "$B"/*.h; do
    [ -e "$f" ] || continue
    echo "outside every layer: ${f#$B/}"; bad=1
  done
  for l in $layers; do
    n=$(ls "$B/$l"/*.c 2>/dev/null | wc -l)
    [ "$n" -le 15 ] || { echo "$l/ holds $n C files, more than 15"; bad=1; }
  done
  # header -> layer, for every header of a layer
  heads=$(for l in $layers; do for h in "$B/$l"/*.h; do [ -e "$h" ] && echo "${h##*/} $l"; done; done)
  for l in $layers; do
    ok=$(echo "$table" | awk -v l="$l" '$1 == l { $1 = ""; print }')
    for f in "$B/$l"/*.c "$B/$l"/*.h; do
      [ -e "$f" ] || continue
      for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
        owner=$(echo "$heads" | awk -v h="${inc##*/}" '$1 == h { print $2; exit }')
        [ -n "$owner" ] || continue  # the kernel's, Lua's, generated
        case " $ok " in
          *" $owner "*) ;;
          *) echo "upward include: $l/${f##*/} includes $owner/$inc"; bad=1 ;;
        esac
      done
    done
  done
  return $bad
}

# The self-test: a lower layer that includes a higher one is caught.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/low" "$T/high"
printf 'set(MEEPLE_LAYERS low high)\nset(MEEPLE_LAYER_BELOW_low)\nset(MEEPLE_LAYER_BELOW_high low)\n' > "$T/CMakeLists.txt"
printf '#include "low.h"\n' > "$T/high/high.c"; : > "$T/high/high.h"; : > "$T/low/low.h"
printf '#include "low.h"\n#include "gk.h"\n' > "$T/low/low.c"
check_tree "$T" > "$T/out" || fail "a tree that looks down only was refused: $(cat "$T/out")"
printf '#include "high.h"\n' >> "$T/low/low.c"
check_tree "$T" > "$T/out" && fail "an upward include passed"
grep -q "upward include: low/low.c includes high/high.h" "$T/out" || fail "not named: $(cat "$T/out")"

out=$(check_tree "$SRC/bindings") || fail "bindings/ breaks its layers:
$out"

if [ -n "$BUILD" ]; then
  # Each object's defined and undefined globals, by layer (nm -A).
  objs=$BUILD/bindings/CMakeFiles
  [ -d "$objs" ] || fail "no objects under $objs"
  table=$(allowed_table "$SRC/bindings/CMakeLists.txt")
  for l in $(echo "$table" | awk '{print $1}'); do
    find "$objs/meeple_$l.dir" -name '*.o' 2>/dev/null | while read -r o; do
      nm -g "$o" | awk -v l="$l" -v o="${o##*/}" 'NF == 3 && $2 ~ /[TDBRC]/ { print "D", $3, l, o } NF == 2 && $1 == "U" { print "U", $2, l, o }'
    done
  done > "$T/syms"
  [ -s "$T/syms" ] || fail "no layer objects under $objs"
  out=$(echo "$table" | awk 'NR == FNR { ok[$1] = " " $0 " "; next }
    $1 == "D" { def[$2] = $3; file[$2] = $4; next }
    { use[++n] = $0 }
    END {
      for (i = 1; i <= n; i++) {
        split(use[i], u, " ")
        if ((u[2] in def) && index(ok[u[3]], " " def[u[2]] " ") == 0)
          print "upward call: " u[3] "/" u[4] " calls " u[2] " of " def[u[2]] "/" file[u[2]]
      }
    }' - "$T/syms")
  [ -z "$out" ] || fail "a layer calls up:
$out"
fi
echo "ok: bindings/ has $(echo "$(allowed_table "$SRC/bindings/CMakeLists.txt")" | wc -l) layers, each looking down only"
