/*
** game_at.c: how feature and figure handles are handed out: made once
** per game state and kept by the game (mp_pushfeature, mp_pushfigure),
** and the Game methods that hand out the handle at a cell, g:tile_at(x,
** y) and g:feature_at(x, y, port). Nothing here calls back into the other
** wrap_*.c files (structure/loops). Walks call the methods per cell
** (#39 wants a handle for at most twice an empty Lua call), so each has a
** fast path of as few Lua API calls as the usual arguments need: plain
** integers, a live game, a handle already made in this game state. Any
** other argument goes the checked way, which raises the usual messages
** or takes a port's name; both ways give the same answers.
*/
#include <stdint.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk.h"
#include "wrap_internal.h"

/* Pushes the handle of 'id' kept in the game's user value 'uv' (its
** features or its figures), made at the first request in this game state:
** later requests return the same userdata and allocate nothing. The
** kept handles are dropped at the first request after the generation
** changed (free, restore, undo, a view repointed), which is also what
** makes the old ones stale. */
static void pushhandle(lua_State *L, int game_idx, int uv, const char *tname,
                       int32_t type, int32_t id) {
  /* a feature handle's user value 2 keeps its kind's name once asked
  ** (f:kind()): a node's kind never changes */
  int nuv = type == MP_HANDLE_FEATURE ? 2 : 1;
  game_idx = lua_absindex(L, game_idx);
  /* every caller passes its Game userdata (checked on the slow path) */
  mp_game *gud = (mp_game *)lua_touserdata(L, game_idx);
  if (!gud || gud->cache_generation != gud->generation) {
    /* a new state: the kept tables go (made again at their first use) */
    gud = mp_checkgameud(L, game_idx);
    lua_pushnil(L);
    lua_setiuservalue(L, game_idx, MP_GAME_FEATURES);
    lua_pushnil(L);
    lua_setiuservalue(L, game_idx, MP_GAME_FIGURES);
    gud->cache_generation = gud->generation;
  }
  if (lua_getiuservalue(L, game_idx, uv) == LUA_TTABLE) {
    if (lua_rawgeti(L, -1, (lua_Integer)id + 1) == LUA_TUSERDATA) {
      lua_remove(L, -2);
      return;
    }
    lua_pop(L, 1);
  } else {
    lua_pop(L, 1);
    lua_createtable(L, 0, 16);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, game_idx, uv);
    if (uv == MP_GAME_FEATURES) mp_tile_note_features(L, gud, lua_gettop(L));
  }
  mp_handle *h = (mp_handle *)lua_newuserdatauv(L, sizeof *h, nuv);
  h->id = id;
  h->type = type;
  h->generation = gud->generation;
  h->gud = gud;
  h->self = h;
  luaL_setmetatable(L, tname);
  lua_pushvalue(L, game_idx);
  lua_setiuservalue(L, -2, 1);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, (lua_Integer)id + 1);
  lua_remove(L, -2);
}

void mp_pushfeature(lua_State *L, int game_idx, int32_t node) {
  pushhandle(L, game_idx, MP_GAME_FEATURES, MP_FEATURE, MP_HANDLE_FEATURE, node);
}

void mp_pushfeature_last(lua_State *L, int game_idx, mp_game *gud, int32_t node) {
  int top = lua_gettop(L);
  /* the kept handle, its table left below it: the caller returns now */
  if (gud->cache_generation == gud->generation &&
      lua_getiuservalue(L, game_idx, MP_GAME_FEATURES) == LUA_TTABLE &&
      lua_rawgeti(L, -1, (lua_Integer)node + 1) == LUA_TUSERDATA)
    return;
  lua_settop(L, top);
  pushhandle(L, game_idx, MP_GAME_FEATURES, MP_FEATURE, MP_HANDLE_FEATURE, node);
}


void mp_pushfigure(lua_State *L, int game_idx, int figure) {
  pushhandle(L, game_idx, MP_GAME_FIGURES, MP_FIGURE, MP_HANDLE_FIGURE, figure);
}

/* x, y at 2, 3 as coordinates: 1 when both are integers in range. */
static int fast_xy(lua_State *L, int32_t *x, int32_t *y) {
  int isx, isy;
  lua_Integer vx = lua_tointegerx(L, 2, &isx), vy = lua_tointegerx(L, 3, &isy);
  if (!isx || !isy || vx < INT32_MIN || vx > INT32_MAX || vy < INT32_MIN || vy > INT32_MAX)
    return 0;
  *x = (int32_t)vx;
  *y = (int32_t)vy;
  return 1;
}

int mp_game_tile_at(lua_State *L) {
  mp_game *gud = mp_checkgameud(L, 1);
  int32_t x, y;
  if (!gud->game || !fast_xy(L, &x, &y)) {
    mp_checkgame(L, 1);
    x = mp_checkcoord(L, 2);
    y = mp_checkcoord(L, 3);
  }
  int tile = gk_tile_at(gud->game, x, y);
  if (tile < 0) lua_pushnil(L);
  else if (!mp_pushtile_ready(L, gud, tile)) mp_pushtile_with(L, 1, gud, tile);
  return 1;
}

/* g:feature_at(x, y, port): the feature covering that port, or nil. A
** port is a number 0..11 or a name ("N", "NNE", ...: mp_checkport). */
int mp_game_feature_at(lua_State *L) {
  mp_game *gud = mp_checkgameud(L, 1);
  int32_t x, y;
  int type = lua_type(L, 4), isport = type == LUA_TNUMBER;
  lua_Integer port = isport ? lua_tointegerx(L, 4, &isport) : -1;
  if (!gud->game || !fast_xy(L, &x, &y) ||
      (type != LUA_TSTRING && (!isport || port < 0 || port >= GK_PORT_COUNT))) {
    mp_checkgame(L, 1);
    x = mp_checkcoord(L, 2);
    y = mp_checkcoord(L, 3);
    port = mp_checkport(L, 4);
  } else if (type == LUA_TSTRING) port = mp_checkport(L, 4);  /* a name: "N", "NNE", ... */
  int32_t node = gk_node_at_port(gud->game, x, y, (int)port);
  if (node < 0) {
    lua_pushnil(L);
    return 1;
  }
  /* the handle kept for this game state (wrap_handles.c, pushhandle) */
  if (gud->cache_generation == gud->generation) {
    int kept = lua_getiuservalue(L, 1, MP_GAME_FEATURES) == LUA_TTABLE;
    if (kept && lua_rawgeti(L, -1, (lua_Integer)node + 1) == LUA_TUSERDATA) return 1;
    lua_pop(L, 1 + kept);
  }
  mp_pushfeature(L, 1, node);
  return 1;
}
