#!/bin/sh
# Issue #37: the declared invariants (meeple sim --check-invariants) hold
# after every move of seeded random games, for every combination of the
# shipped rule sets: base x Traders & Builders x Abbey & Mayor x Princess
# & Dragon x River (16 combinations).
#   combos_test.sh MEEPLE GAMES [PART/PARTS]
# PART/PARTS plays only every PARTS-th combination from PART (the long
# run is split so CTest can run the parts in parallel).
set -u
meeple=$1 games=$2 part=${3:-1/1}
i=${part%/*} n=${part#*/}
fails=0 k=0
for tb in "" traders_builders; do
  for am in "" abbey_mayor; do
    for pd in "" princess_dragon; do
      for rv in "" river; do
        k=$((k + 1))
        [ $(( (k - 1) % n + 1 )) -eq "$i" ] || continue
        with=$(printf '%s\n' $tb $am $pd $rv | paste -sd, -)
        label=${with:-base}
        if out=$("$meeple" sim --games "$games" --players 3 --check-invariants \
                   ${with:+--with "$with"} --json 2>&1); then
          printf 'ok   %-60s %s games\n' "$label" "$games"
        else
          printf 'FAIL %s\n%s\n' "$label" "$out"
          fails=$((fails + 1))
        fi
      done
    done
  done
done
[ "$fails" -eq 0 ]
