/*
** wrap_meeple.c: the module table of the Lua binding and the argument
** checks every wrap_*.c shares.
*/
#include <assert.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "meeple_lua.h"
#include "wrap_internal.h"

/* {======================================================================
** Argument checks
** ======================================================================= */

int32_t mp_checkint32(lua_State *L, int arg, const char *what) {
  int isint;
  lua_Integer v = lua_tointegerx(L, arg, &isint);
  if (!isint) luaL_typeerror(L, arg, what);
  luaL_argcheck(L, v >= INT32_MIN && v <= INT32_MAX, arg,
                lua_pushfstring(L, "%s out of range", what));
  return (int32_t)v;
}

int mp_rawfield(lua_State *L, int idx, const char *key) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, key);
  return lua_rawget(L, idx);
}

int32_t mp_checkcoord(lua_State *L, int arg) {
  return mp_checkint32(L, arg, "coordinate");
}

int mp_checkrotation(lua_State *L, int arg) {
  int isint;
  lua_Integer rot = lua_tointegerx(L, arg, &isint);
  if (!isint) luaL_typeerror(L, arg, "rotation");
  luaL_argcheck(L, rot >= 0 && rot <= 3, arg, "rotation must be 0, 1, 2 or 3");
  return (int)rot;
}

int mp_checkport(lua_State *L, int arg) {
  if (lua_type(L, arg) == LUA_TSTRING) {
    const char *name = lua_tostring(L, arg);
    int port = gk_port_from_name(name);
    luaL_argcheck(L, port >= 0, arg,
                  lua_pushfstring(L, "unknown port '%s'", name));
    return port;
  }
  int isint;
  lua_Integer port = lua_tointegerx(L, arg, &isint);
  if (!isint) luaL_typeerror(L, arg, "port");
  luaL_argcheck(L, port >= 0 && port < GK_PORT_COUNT, arg,
                "port must be 0..11");
  return (int)port;
}

int mp_checkplayer(lua_State *L, int arg, const gk_game *game,
                   int allow_neutral) {
  int isint;
  lua_Integer p = lua_tointegerx(L, arg, &isint);
  if (!isint) luaL_typeerror(L, arg, "player");
  int n = gk_game_players(game);
  if (p == 0 && allow_neutral) return -1;
  luaL_argcheck(L, p >= 1 && p <= n, arg,
                lua_pushfstring(L, "player must be 1..%d%s", n,
                                allow_neutral ? " (or 0: neutral)" : ""));
  return (int)p - 1;
}

int mp_gameerror(lua_State *L, const gk_game *game) {
  return luaL_error(L, "%s", gk_game_error(game));
}

/* }====================================================================== */

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
  mp_open_flow(L);
  mp_open_bench(L);
  mp_open_agent(L);
  mp_open_session(L);
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
