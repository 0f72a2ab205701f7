#!/bin/sh
# Builds meeple with its output folded into one progress line, so that a
# first `make run` shows the game rather than the compiler. The whole log
# stays in BUILD/build.log; on failure the errors are printed in full.
# usage: quiet-build.sh BUILD_DIR JOBS [cmake configure args...]
build=$1; jobs=$2; shift 2
mkdir -p "$build"
log="$build/build.log"
if [ -t 1 ]; then tty=1; else tty=0; fi

fail() {
  if [ "$tty" = 1 ]; then printf "\r\033[K"; else echo; fi
  echo "meeple: $1 failed; the errors (full log in $log):" >&2
  # Compiler and CMake diagnostics, with their context lines; the whole
  # log if nothing matched (a linker or make error of an unusual shape).
  if grep -q -E 'error|Error|undefined reference' "$log"; then
    grep -v -E '^(gmake|make)(\[[0-9]+\])?: (Entering|Leaving) directory' "$log" |
      grep -v -E '^\[ *[0-9]+%\] (Building|Linking|Built|Embedding)' >&2
  else
    cat "$log" >&2
  fi
  exit 1
}

printf 'building meeple in %s ...' "$build"
cmake -S . -B "$build" "$@" >"$log" 2>&1 || fail "configuring"
# Each "[ NN%]" line of the build advances the one progress line.
if ! { cmake --build "$build" -j "$jobs" 2>&1; echo "rc=$?"; } | tee -a "$log" | {
  last=""
  while IFS= read -r line; do
    case $line in
      rc=0) exit 0 ;;
      rc=*) exit 1 ;;
      \[*%\]*)
        pct=$(printf '%s' "$line" | sed -n 's/^\[ *\([0-9]*\)%\].*/\1/p')
        if [ "$tty" = 1 ] && [ -n "$pct" ] && [ "$pct" != "$last" ]; then
          printf '\rbuilding meeple in %s ... %3s%%' "$build" "$pct"
          last=$pct
        fi ;;
    esac
  done
  exit 1
}; then
  fail "the build"
fi
[ "$tty" = 1 ] && printf '\rbuilding meeple in %s ... done\033[K\n' "$build" || echo " done"
