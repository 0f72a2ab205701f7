#!/bin/sh
# Installs the Debian packages given as arguments when some are missing.
# As root it runs apt-get; otherwise it prints the exact command to run.
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "meeple: installing missing packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || {
    echo "meeple: apt-get failed for:$missing" >&2; exit 1; }
else
  echo "meeple: missing packages:$missing" >&2
  echo "run:  sudo apt-get install -y$missing" >&2
  exit 1
fi
