-- The meeple rock: the command `meeple`, the Lua module (require "meeple",
-- meeple.load), every Lua module, the game scripts and the tile sets.
-- On Debian, offline, with Debian's lua-lpeg and lua-cjson (not rocks):
--   luarocks --lua-version 5.4 make --deps-mode=none          (system tree)
--   luarocks --lua-version 5.4 --tree DIR make --deps-mode=none
-- (README.md, "The rock"). It builds with CMake: cmake, a C compiler,
-- liblua5.4-dev and lua-lpeg-dev.
rockspec_format = "3.0"
package = "meeple"
version = "0.1.0-1"
source = {
  url = "git+https://example.invalid/meeple.git",
  tag = "v0.1.0",
}
description = {
  summary = "Rules engine for Carcassonne-family tile-laying games",
  detailed = [[
    The game kernel (C11) and its Lua 5.4 layer: games, expansions and
    house rules are Lua scripts run in a sandbox. `meeple.load{...}` plays
    a game from any Lua program; `meeple play` from the shell.
  ]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.4, < 5.5",
  "lpeg >= 1.0",
  "lua-cjson >= 2.1",
}
build = {
  type = "cmake",
  variables = {
    CMAKE_BUILD_TYPE = "Release",
    CMAKE_INSTALL_PREFIX = "$(PREFIX)",
    CMAKE_INSTALL_BINDIR = "$(BINDIR)",
    MEEPLE_ROCK = "ON",
    MEEPLE_BUILD_TESTS = "OFF",
    MEEPLE_LUA_CMOD_DIR = "$(LIBDIR)",
    MEEPLE_LUA_DIR = "$(LUADIR)",
  },
}
