#!/bin/sh
# One version number (#43): CMakeLists.txt's project(VERSION) is the
# library's soname, the rockspec's, the Python package's (setup.py reads
# it; pyproject.toml declares the version dynamic), meeple.version and
# `meeple --version`'s, and CHANGELOG.md has a section for it. No header
# or stub may spell a version of its own.
# usage: version_test.sh SOURCE_DIR BUILD_DIR MEEPLE_EXE
src=$1; build=$2; exe=$3
fail=0
bad() { echo "version: $*"; fail=1; }

v=$(sed -n 's/^project(meeple VERSION \([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p' "$src/CMakeLists.txt")
[ -n "$v" ] || { echo "version: no project(meeple VERSION x.y.z) in CMakeLists.txt"; exit 1; }
major=${v%%.*}

# the rockspec: its file name and its version and tag
n=$(ls "$src"/meeple-*.rockspec 2>/dev/null | wc -l)
[ "$n" = 1 ] || bad "expected one meeple-*.rockspec, found $n"
rock=$(ls "$src"/meeple-*.rockspec 2>/dev/null | head -1)
case "$(basename "$rock")" in "meeple-$v-"*.rockspec) ;; *) bad "$(basename "$rock") is not for $v";; esac
grep -q "^version = \"$v-[0-9]*\"" "$rock" || bad "$(basename "$rock"): version is not $v-N"
grep -q "tag = \"v$v\"" "$rock" || bad "$(basename "$rock"): tag is not v$v"

# the Python package: setup.py reads the one number; pyproject spells none
grep -q '^dynamic = \["version"\]' "$src/pyproject.toml" || bad "pyproject.toml: the version must be dynamic"
grep -q '^version *=' "$src/pyproject.toml" && bad "pyproject.toml spells a version of its own"
py_exe=/usr/bin/python3; [ -x "$py_exe" ] || py_exe=python3
py=$(cd "$src" && "$py_exe" -c 'import runpy, sys; sys.argv = ["setup.py"]
import setuptools; setuptools.setup = lambda **kw: print(kw["version"])
runpy.run_path("setup.py", run_name="__main__")' 2>/dev/null | tail -1)
[ "$py" = "$v" ] || bad "setup.py gives version '$py', not $v"

# the C headers and the Lua stubs spell none
if grep -n '"[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*"' "$src"/engine/include/*.h "$src"/bindings/*/*.h \
     "$src"/bindings/meta/meeple.lua; then
  bad "a header or stub above spells a version instead of MEEPLE_VERSION_STRING"
fi
grep -q "#define MEEPLE_VERSION_STRING \"$v\"" "$build/generated/meeple_version.h" ||
  bad "$build/generated/meeple_version.h is not $v"

# the command, the Lua module, the shared library's soname
out=$("$exe" --version)
case "$out" in "meeple $v "*) ;; *) bad "meeple --version says '$out'";; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo 'print(require("meeple").version) return 0' > "$tmp/v.lua"
lv=$("$exe" script "$tmp/v.lua" 2>&1)
[ "$lv" = "$v" ] || bad "meeple.version is '$lv'"
so=$(find "$build" -name "libmeeple.so.$v" | head -1)
[ -n "$so" ] || bad "no libmeeple.so.$v in $build"
if [ -n "$so" ] && command -v objdump >/dev/null; then
  objdump -p "$so" | grep -q "SONAME *libmeeple.so.$major\$" || bad "$so: soname is not libmeeple.so.$major"
fi

# the changelog has the release
grep -q "^## \[$v\]" "$src/CHANGELOG.md" || bad "CHANGELOG.md has no '## [$v]' section"

[ $fail = 0 ] && echo "version: $v everywhere"
exit $fail
