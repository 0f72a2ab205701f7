#!/bin/sh
# Set-up fits the command (#43): `make run` installs what building and
# playing need and nothing only the tests use (a fresh machine spent 3.5
# minutes on chromium, slurm and the like before one game); `make test`
# still installs everything, since CI runs it on a bare machine.
# usage: setup_test.sh SOURCE_DIR
src=$1
fail=0
run=$(make -n -C "$src" run BUILD=/nonexistent/build 2>&1 | grep ensure-deps)
test=$(make -n -C "$src" test TEST_BUILD=/nonexistent/build 2>&1 | grep ensure-deps)
[ -n "$run" ] || { echo "setup: make run installs nothing?"; fail=1; }
for p in cmake liblua5.4-dev lua-lpeg-dev lua-cjson libsqlite3-dev; do
  echo " $run " | grep -q " $p " || { echo "setup: make run does not install $p"; fail=1; }
done
for p in chromium slurm-wlm munge nodejs parallel python3-numpy python3-dev clang luarocks; do
  echo " $run " | grep -q " $p " && { echo "setup: make run installs $p, which only tests need"; fail=1; }
  echo " $test " | grep -q " $p " || { echo "setup: make test does not install $p"; fail=1; }
done
for p in $(echo "$run" | sed 's/.*ensure-deps.sh//'); do
  echo " $test " | grep -q " $p " || { echo "setup: make test does not install $p (make run does)"; fail=1; }
done
# the Slurm examples ask for a time limit and memory (#43)
for f in "$src"/examples/cluster/*.sbatch; do
  grep -q '^#SBATCH --time=' "$f" || { echo "setup: $f sets no --time"; fail=1; }
  grep -q '^#SBATCH --mem=' "$f" || { echo "setup: $f sets no --mem"; fail=1; }
done
[ $fail = 0 ] && echo "setup: make run installs $(echo "$run" | sed 's/.*ensure-deps.sh//' | wc -w) packages, make test $(echo "$test" | sed 's/.*ensure-deps.sh//' | wc -w)"
exit $fail
