# The rock's install (meeple-0.1.0-1.rockspec, build type cmake): luarocks
# passes CMAKE_INSTALL_PREFIX = the rock's directory and the directories
# it deploys from (MEEPLE_LUA_CMOD_DIR = $(LIBDIR), MEEPLE_LUA_DIR =
# $(LUADIR), CMAKE_INSTALL_BINDIR = $(BINDIR)). The games stay in the
# rock's share/meeple, which MEEPLE_DATADIR names.
include(${CMAKE_SOURCE_DIR}/cmake/install_common.cmake)
