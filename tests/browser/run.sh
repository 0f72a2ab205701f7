#!/bin/sh
# Runs one browser test file: tests/browser/run.sh MEEPLE_BIN OUT_DIR FILE.test.js
# puppeteer-core comes from npm (package-lock.json) into the gitignored
# tests/browser/node_modules; it drives Debian's /usr/bin/chromium and
# never downloads a browser. Screenshots go to OUT_DIR.
set -e
dir=$(cd "$(dirname "$0")" && pwd)
if [ ! -f "$dir/node_modules/puppeteer-core/package.json" ]; then
  (cd "$dir" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
export MEEPLE_BIN="$1" MEEPLE_OUT="$2"
mkdir -p "$MEEPLE_OUT"
exec node --test "$dir/$3"
