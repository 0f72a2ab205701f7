/*
** module.c: the Lua module "meeple", what `require "meeple"` returns:
** each layer's objects and functions (objects/, play/, hooks/, sim/,
** embed/) opened into one table, with the kernel's limits and ports.
** The top of bindings/: nothing below calls into it.
*/
#include <assert.h>

#include <lua.h>
#include <lauxlib.h>

#include "embed.h"
#include "gk.h"
#include "hooks.h"
#include "meeple_lua.h"
#include "sim_run.h"
#include "wrap_internal.h"
#include "wrap_play.h"
#include "wrap_walk.h"

/* {======================================================================
** Module functions
** ======================================================================= */

static int meeple_port_name(lua_State *L) {
  lua_pushstring(L, gk_port_name(mp_checkport(L, 1)));
  return 1;
}

static int meeple_port(lua_State *L) {
  lua_pushinteger(L, mp_checkport(L, 1));
  return 1;
}

static int meeple_opposite(lua_State *L) {
  lua_pushinteger(L, gk_port_opposite(mp_checkport(L, 1)));
  return 1;
}

/* meeple.hash(s): FNV-1a 64 of the bytes, as 16 hex digits. Records use
** it for file contents and state digests. */
static int meeple_hash(lua_State *L) {
  size_t len;
  const unsigned char *s = (const unsigned char *)luaL_checklstring(L, 1, &len);
  uint64_t h = 0xCBF29CE484222325ull;
  for (size_t i = 0; i < len; i++) {
    h ^= s[i];
    h *= 0x100000001B3ull;
  }
  char hex[17];
  static const char digits[] = "0123456789abcdef";
  for (int i = 15; i >= 0; i--, h >>= 4) hex[i] = digits[h & 15];
  lua_pushlstring(L, hex, 16);
  return 1;
}

static const luaL_Reg meeple_funcs[] = {
  {"hash", meeple_hash},
  {"port", meeple_port},
  {"port_name", meeple_port_name},
  {"opposite", meeple_opposite},
  {NULL, NULL}
};

LUAMOD_API int luaopen_meeple(lua_State *L) {
  luaL_checkversion(L);
  luaL_newlib(L, meeple_funcs);
  mp_open_rules(L);
  mp_open_game(L);
  mp_open_handles(L);
  mp_open_walk(L);    /* objects/wrap_walk.c: g:walk, g:line, f:ends... */
  mp_open_flow(L);   /* play/: the Flow, then the Play it makes */
  mp_open_play(L);
  mp_open_hooks(L);  /* hooks/: flow:new_play */
  mp_open_sim(L);    /* sim/: flow:simulate, bench_kernel, agent */
  mp_open_session(L, luaopen_meeple); /* its games' hosts open this module */
  mp_open_sqlite(L);
  lua_pushliteral(L, MEEPLE_LUA_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushinteger(L, GK_MAX_PLAYERS);  /* the most players a game may seat */
  lua_setfield(L, -2, "MAX_PLAYERS");
  lua_pushinteger(L, GK_MAX_JOBS);  /* the most processes flow:simulate runs */
  lua_setfield(L, -2, "MAX_JOBS");
  /* limits: the capacities of gk_limits.h the Lua side checks too
  ** (tile files, records, input files), so no number is written twice */
  static const struct { const char *name; lua_Integer value; } limits[] = {
      {"MAX_POINTS", GK_MAX_POINTS},         {"MAX_SCORE", GK_MAX_SCORE},
      {"MAX_TILE_COUNT", GK_MAX_TILE_COUNT}, {"MAX_GAME_TILES", GK_MAX_GAME_TILES},
      {"MAX_TURNS", GK_MAX_TURNS},           {"MAX_RECORD_FILES", GK_MAX_RECORD_FILES},
      {"MAX_FILE_BYTES", GK_MAX_FILE_BYTES}, {"NAME_MAX", GK_NAME_MAX},
      {"MAX_SEGMENTS", GK_MAX_SEGMENTS},     {"MAX_SEG_ATTRS", GK_MAX_SEG_ATTRS},
  };
  lua_createtable(L, 0, (int)(sizeof limits / sizeof limits[0]));
  for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
    lua_pushinteger(L, limits[i].value);
    lua_setfield(L, -2, limits[i].name);
  }
  lua_setfield(L, -2, "limits");
  /* ports[p] = name for p = 0..11, as in gk.h and meeple.tiles */
  lua_createtable(L, GK_PORT_COUNT - 1, 1);
  for (int p = 0; p < GK_PORT_COUNT; p++) {
    lua_pushstring(L, gk_port_name(p));
    lua_rawseti(L, -2, p);
  }
  lua_setfield(L, -2, "ports");
  assert(lua_istable(L, -1));
  return 1;
}

/* }====================================================================== */
