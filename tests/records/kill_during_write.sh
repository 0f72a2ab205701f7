#!/bin/sh
# kill -9 during `meeple play --record` and `meeple play --svg`: the file
# at the output path is always the old one, whole, or the new one,
# complete (issue 16). usage: kill_during_write.sh MEEPLE ROUNDS
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
# the temporary files of killed runs are hidden and never the output
leftover=$(ls -a "$dir" | grep -c '\.tmp-' || true)
echo "$rounds kills: $olds outputs old and whole, $news new and complete, $leftover temporary files left"
exit $fail
