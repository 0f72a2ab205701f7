/*
** meeple_lua.h: the Lua layer of meeple, for a C host.
**
** The kernel (gk.h) knows no Lua; this layer binds it as the Lua module
** "meeple" and, for a trusted host such as the meeple executable, makes
** the project's own Lua modules (every Lua file under bindings/lua/meeple, embedded
** at build time: meeple.loader, meeple.tiles, meeple.cli, ...), meeple.fs
** and LPeg loadable without any file on disk.
*/
#ifndef MEEPLE_LUA_H
#define MEEPLE_LUA_H

#include <lua.h>

#include "meeple_version.h"

#define MEEPLE_LUA_VERSION MEEPLE_VERSION_STRING

/* The module opener, as `require "meeple"` calls it from meeple.so. */
LUAMOD_API int luaopen_meeple(lua_State *L);

/* Registers package.preload entries for "meeple", "meeple.fs", "lpeg"
** and every embedded meeple.* module in a state whose package library is
** open. Only for trusted states: meeple.tiles and meeple.fs touch files. */
void meeple_lua_preload(lua_State *L);

/* A new trusted state with the standard libraries and the preloads above;
** NULL if memory is short. */
lua_State *meeple_lua_newstate(void);

#endif
