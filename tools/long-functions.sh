#!/bin/sh
# Lists the functions longer than a limit (default 120 lines) in the C
# and Lua sources of engine/ and bindings/, and the C files longer than
# 900 lines, and fails when one of them is not in
# tools/long-functions.allow.
#
#   sh tools/long-functions.sh [--limit N] [--file-limit N] [--all] [ROOT]
#
# --all prints every function over the limit, allowed or not. A Lua
# function's length is its whole extent, nested functions included (as
# luac reports it); a C function runs from its first line (the one that
# names it, at column 0) to the closing brace at column 0.
# The allow list holds "path name" lines: a phase switch that reads as a
# table may stay long; anything else should be split.
set -eu

LIMIT=120
FILE_LIMIT=900
ALL=0
while [ $# -gt 0 ]; do
  case $1 in
    --limit) LIMIT=$2; shift 2 ;;
    --file-limit) FILE_LIMIT=$2; shift 2 ;;
    --all) ALL=1; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "long-functions: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
ROOT=${1:-$(dirname "$0")/..}
cd "$ROOT"
LUAC=$(command -v luac5.4 || command -v luac || true)
[ -n "$LUAC" ] || { echo "long-functions: luac5.4 not found (apt-get install lua5.4)" >&2; exit 2; }

found=$(mktemp)
trap 'rm -f "$found"' EXIT

# C: "length path name" for every function definition.
find engine bindings -name '*.c' -o -name '*.h' | sort | while read -r f; do
  awk -v f="$f" '
    start == 0 && /^[A-Za-z_][^;=]*\(/ && !/^(typedef|struct|enum|union|#)/ {
      start = NR; body = 0; name = $0
      sub(/\(.*/, "", name); n = split(name, w, /[ \t*]+/); name = w[n]
    }
    start && !body && /{/ { body = 1 }
    start && !body && /;/ { start = 0 }   # a declaration, not a definition
    start && body && /^}/ { print NR - start + 1, f, name; start = 0 }
  ' "$f"
done >> "$found"

# Lua: luac lists every function as "function <file:first,last>"; the
# name comes from the first line ("function M.x(", "local x = function").
find engine bindings -name '*.lua' | sort | while read -r f; do
  "$LUAC" -p -l "$f" | sed -n 's/^function <[^:]*:\([0-9]*\),\([0-9]*\)>.*/\1 \2/p' |
  awk -v f="$f" '
    NR == FNR { last[$1] = $2; next }
    FNR in last {
      name = ""
      if (match($0, /function[ \t]+[A-Za-z0-9_.:]+/)) {
        name = substr($0, RSTART, RLENGTH); sub(/^function[ \t]+/, "", name)
      } else if (match($0, /^[ \t]*[A-Za-z0-9_.]+[ \t]*=/)) {
        name = substr($0, RSTART, RLENGTH); gsub(/[ \t=]/, "", name)
      }
      if (name == "") name = "line" FNR
      print last[FNR] - FNR + 1, f, name
    }
  ' - "$f"
done >> "$found"

# C files: "length path (file)".
find engine bindings -name '*.c' | sort | while read -r f; do
  n=$(wc -l < "$f")
  [ "$n" -le "$FILE_LIMIT" ] || echo "$n $f (file)"
done > "$found.files"

ALLOW=tools/long-functions.allow
bad=0
sort -rn "$found" | while read -r n f name; do
  [ "$n" -gt "$LIMIT" ] || continue
  if grep -qx "$f $name" "$ALLOW" 2>/dev/null; then
    [ $ALL -eq 1 ] && echo "$n $f $name (allowed)"
  else
    echo "$n $f $name"
  fi
done > "$found.out"
cat "$found.files" >> "$found.out"
rm -f "$found.files"
cat "$found.out"
if grep -qv '(allowed)$' "$found.out"; then
  echo "long-functions: functions over $LIMIT lines or C files over $FILE_LIMIT (split them, or list functions in $ALLOW)" >&2
  rm -f "$found.out"
  exit 1
fi
rm -f "$found.out"
