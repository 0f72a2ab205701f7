/*
** checks.c: the argument checks every Lua object of the binding shares
** (games, integers, coordinates, rotations, ports, players), and the one way a
** kernel error becomes a Lua error. The module table that gathers the
** objects is embed/module.c.
*/
#include <assert.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "wrap_internal.h"

/* {======================================================================
** Argument checks
** ======================================================================= */

/* Every method checks its game: recognised by its block, a full
** userdata (lua_touserdata is NULL for a string or a table, whose
** lua_rawlen may be any size; light userdata have length 0: nothing is
** read from them) of exactly an mp_game's size holding its own address,
** which only mp_pushgame writes and no script can write into any
** userdata. That is a few comparisons where the
** metatable check looks the type's name up in the registry; anything
** else goes to that check, which raises the usual message. */
mp_game *mp_checkgameud(lua_State *L, int arg) {
  mp_game *ud = (mp_game *)lua_touserdata(L, arg);
  if (ud && lua_rawlen(L, arg) == sizeof(mp_game) && ud->self == ud) return ud;
  return (mp_game *)luaL_checkudata(L, arg, MP_GAME);
}

gk_game *mp_checkgame(lua_State *L, int arg) {
  mp_game *ud = mp_checkgameud(L, arg);
  if (ud->game == NULL) luaL_error(L, "attempt to use a freed game");
  return ud->game;
}


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

/* What a hook may do to the game its play owns (MP_LOCK_*): the game
** view's lock points into the play, which hooks/hook_call.c sets while a hook runs. */
void mp_checkunlocked(lua_State *L, int game_idx, int level, const char *what) {
  mp_game *ud = mp_checkgameud(L, game_idx);
  if (ud->lock && *ud->lock >= level)
    luaL_error(L, "%s: not allowed inside a%s hook", what,
               *ud->lock == MP_LOCK_QUERY ? "n allow, collect or transform" : "");
}

gk_game *mp_checkgame_edit(lua_State *L, int arg, int level, const char *what) {
  gk_game *g = mp_checkgame(L, arg);
  mp_checkunlocked(L, arg, level, what);
  return g;
}

int mp_gameerror(lua_State *L, const gk_game *game) {
  return luaL_error(L, "%s", gk_game_error(game));
}

/* }====================================================================== */
