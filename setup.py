"""Builds the extension meeple._meeple for pip (pyproject.toml holds the
metadata). The engine, the Lua layer and the embedded Lua modules are
compiled into the extension; Lua 5.4 and LPeg come from Debian
(liblua5.4-dev, lua-lpeg), SQLite from libsqlite3-dev. scripts/ and tiles/ go into meeple/data."""
import glob
import os
import re
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def rel(*parts):
    return os.path.join(*parts)


def project_version():
    """The one version number: CMakeLists.txt's project(VERSION) line."""
    with open(os.path.join(HERE, "CMakeLists.txt")) as f:
        m = re.search(r"^project\(meeple VERSION (\d+)\.(\d+)\.(\d+)", f.read(), re.M)
    return m.groups()


def version_header(out_dir):
    """meeple_version.h as CMake writes it (cmake/meeple_version.h.in)."""
    major, minor, patch = project_version()
    with open(os.path.join(HERE, "cmake", "meeple_version.h.in")) as f:
        text = f.read()
    for key, value in (("PROJECT_VERSION", "%s.%s.%s" % (major, minor, patch)),
                       ("PROJECT_VERSION_MAJOR", major), ("PROJECT_VERSION_MINOR", minor),
                       ("PROJECT_VERSION_PATCH", patch)):
        text = text.replace("@%s@" % key, value)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "meeple_version.h"), "w") as f:
        f.write(text)
    return out_dir


VERSION = ".".join(project_version())
GENERATED = version_header(os.path.join(HERE, "build-python", "generated"))


class BuildExt(build_ext):
    """Embeds bindings/lua/meeple/**.lua as C before compiling (the same
    CMake script the main build uses)."""

    def run(self):
        os.makedirs(self.build_temp, exist_ok=True)
        out = os.path.join(self.build_temp, "embedded_modules.c")
        subprocess.check_call(["cmake", "-DROOT=" + os.path.join(HERE, "bindings", "lua"),
                               "-DOUT=" + out, "-P",
                               os.path.join(HERE, "bindings", "cmake", "embed_lua.cmake")])
        for ext in self.extensions:
            if out not in ext.sources:
                ext.sources.append(out)
        super().run()


class BuildPy(build_py):
    """Adds the game scripts and tile sets as the package's data."""

    def run(self):
        super().run()
        for d in ("scripts", "tiles"):
            dst = os.path.join(self.build_lib, "meeple", "data", d)
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(os.path.join(HERE, d), dst)


# bindings/CMakeLists.txt's MEEPLE_LAYERS, bottom first
LAYERS = ["sandbox", "objects", "play", "host", "hooks", "sim", "embed"]
sources = sorted(glob.glob(rel("engine", "src", "**", "*.c"), recursive=True)
                 + [f for layer in LAYERS for f in glob.glob(rel("bindings", layer, "*.c"))]
                 + glob.glob(rel("bindings", "python", "*.c")))

setup(
    version=VERSION,
    ext_modules=[Extension(
        "meeple._meeple", sources,
        include_dirs=[rel("engine", "include"), rel("engine", "src")] + [os.path.join("bindings", layer) for layer in LAYERS]
        + [GENERATED, "/usr/include/lua5.4"],
        libraries=["lua5.4", "lua5.4-lpeg", "sqlite3", "m"],
        extra_compile_args=["-std=c11", "-O2"],
    )],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
    # build/ is CMake's build tree; build-*/ is ignored by git.
    options={"build": {"build_base": "build-python"}},
)
