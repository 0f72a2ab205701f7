#!/bin/sh
# kill -9 during every command that writes a file: `meeple play --record
# --svg`, `meeple sim --output` (JSON and CSV), `sim --out` (a part file),
# `sim --rows`, `meeple tiles render --svg` and `meeple view --output`:
# the file at the output path is always the old one, whole, or the new
# one, complete (issue 16). usage: kill_during_write.sh MEEPLE ROUNDS
set -u
bin=$1
rounds=${2:-12}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
rec=$dir/game.jsonl
fail=0

"$bin" play --seed 1 --quiet --record "$rec" --svg "$dir/board.svg" >/dev/null || exit 1
cp "$rec" "$dir/old.jsonl"
cp "$dir/board.svg" "$dir/old.svg"

old_or_new() { # FILE OLD: the old bytes, or a complete new file
  if cmp -s "$1" "$2"; then echo old; return 0; fi
  case $1 in
    *.jsonl) "$bin" replay "$1" >/dev/null 2>&1 && { echo new; return 0; } ;;
    *.svg) tail -c 7 "$1" | grep -q '</svg>' && { echo new; return 0; } ;;
    *.json) python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null && { echo new; return 0; } ;;
    *.html) tail -c 8 "$1" | grep -q '</html>' && { echo new; return 0; } ;;
    *.csv) # complete: every row (not the '# run' line) has the header's fields
      awk -F, '/^#/ { next } !n { n = NF; rows = 0 } NF != n { bad = 1 } { rows++ } END { exit bad || rows < 2 }' "$1" &&
        [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] && { echo new; return 0; } ;;
  esac
  echo "FAIL: $1 is neither the old file nor a complete new one" >&2
  return 1
}

olds=0 news=0 i=0
while [ $i -lt "$rounds" ]; do
  i=$((i + 1))
  "$bin" play --seed $((i + 1)) --players 5 --quiet --record "$rec" --svg "$dir/board.svg" \
    >/dev/null 2>&1 &
  pid=$!
  # spread the kills over the game: early, mid-record, around the rename
  sleep "$(printf '0.%03d' $((i * 53 % 300)))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  for f in "$rec:$dir/old.jsonl" "$dir/board.svg:$dir/old.svg"; do
    r=$(old_or_new "${f%%:*}" "${f#*:}") || fail=1
    [ "$r" = old ] && olds=$((olds + 1))
    [ "$r" = new ] && news=$((news + 1))
  done
  # a finished run is the old file for the next round
  cp "$rec" "$dir/old.jsonl"
  cp "$dir/board.svg" "$dir/old.svg"
done
# The other writers: each is killed at spread-out moments of its run.
# kill_round OUT OLD CMD...: run CMD (which writes OUT), kill -9 it after
# a while, then OUT must be OLD or a complete new file; a finished run's
# file is the next round's OLD.
kill_round() {
  out=$1 old=$2 delay=$3
  shift 3
  "$@" >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  r=$(old_or_new "$out" "$old") || fail=1
  [ "$r" = old ] && olds=$((olds + 1))
  [ "$r" = new ] && news=$((news + 1))
  cp "$out" "$old"
}
"$bin" sim --games 20 --json --output "$dir/sim.json" >/dev/null || exit 1
"$bin" sim --games 20 --csv --output "$dir/sim.csv" >/dev/null || exit 1
"$bin" sim --games 20 --shard 1/2 --out "$dir/part.json" >/dev/null || exit 1
"$bin" sim --games 20 --rows "$dir/rows.csv" >/dev/null || exit 1
tiles=$(cd "$(dirname "$0")/../.." && pwd)/tiles/base.tiles
"$bin" tiles render "$tiles" --svg "$dir/sheet.svg" >/dev/null || exit 1
"$bin" view "$rec" --output "$dir/view.html" >/dev/null || exit 1
for f in sim.json sim.csv part.json rows.csv sheet.svg view.html; do cp "$dir/$f" "$dir/old-$f"; done
i=0
while [ $i -lt $(( (rounds + 1) / 2 )) ]; do
  i=$((i + 1))
  d=$(printf '0.%03d' $((i * 71 % 400)))
  g=$((200 + i * 37))
  kill_round "$dir/sim.json" "$dir/old-sim.json" "$d" "$bin" sim --games $g --seed $i --json --output "$dir/sim.json"
  kill_round "$dir/sim.csv" "$dir/old-sim.csv" "$d" "$bin" sim --games $g --seed $i --csv --output "$dir/sim.csv"
  kill_round "$dir/part.json" "$dir/old-part.json" "$d" "$bin" sim --games $g --seed $i --shard 1/2 --out "$dir/part.json"
  kill_round "$dir/rows.csv" "$dir/old-rows.csv" "$d" "$bin" sim --games $g --seed $i --rows "$dir/rows.csv"
  kill_round "$dir/sheet.svg" "$dir/old-sheet.svg" "$d" "$bin" tiles render "$tiles" --svg "$dir/sheet.svg"
  kill_round "$dir/view.html" "$dir/old-view.html" "$d" "$bin" view "$rec" --output "$dir/view.html"
done
# the temporary files of killed runs are hidden and never the output
leftover=$(ls -a "$dir" | grep -c '\.tmp-' || true)
echo "$rounds + 6 x $(( (rounds + 1) / 2 )) kills: $olds outputs old and whole, $news new and complete, $leftover temporary files left"
exit $fail
