/*
** state_blobs.c: the scripts' state tables as a gk_blob_host. The
** dispatcher (meeple.loader.state_live) keeps each game's state live, as
** tables it changes in place, and marks the game's blob stale; the kernel
** calls back here for the bytes when someone reads them, and when the
** game is freed or overwritten, or its failed move undone.
**
** meeple_host gets (host code only; scripts never see it):
**   state_keeper(fn)         fn(op, key) answers the kernel: op "fill",
**                            "drop" or "restore", key the game's
**                            lightuserdata (the one state_key gives)
**   state_key(g)             the game view's key, its epoch, whether the
**                            game is the one lent to the hooks now
**   state_attach(key[, slot]) the keeper keeps key's game (and that
**                            blob slot is stale now)
**   state_fill(key, slot, s) the bytes, for "fill" (fresh again)
**   state_info(key, slot)    the game's epoch, whether the slot is stale
**   lent_key()               the key of the game lent to hooks, or nil
**   state_writer(...)        the live state's write and length in C
**                            (state_write.c)
**   state_entry(...)         a live state's entry (state_entry.c)
**
** Invariant: the keeper's callbacks never raise into the kernel: fill
** reports failure as GK_EINVAL, drop and restore swallow errors (a
** handler error there is a host bug, and the game stays whole).
*/
#include <lua.h>
#include <lauxlib.h>

#include "host.h"
#include "wrap_internal.h"

typedef struct mp_keeper {
  gk_blob_host h;
  lua_State *L;
} mp_keeper;

/* Registry keys: the keeper userdata and the Lua handler. */
static const char keeper_key = 'k', handler_key = 'f';

static int call_handler(mp_keeper *k, const char *op, gk_game *g) {
  lua_State *L = k->L;
  if (!lua_checkstack(L, 4)) return GK_ENOMEM;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &handler_key);
  lua_pushstring(L, op);
  lua_pushlightuserdata(L, g);
  int st = lua_pcall(L, 2, 0, 0);
  if (st != LUA_OK) {
    gk_blob_fail(g, lua_tostring(L, -1));
    lua_pop(L, 1);
    return GK_EINVAL;
  }
  return GK_OK;
}

static int keeper_fill(void *ud, gk_game *g) { return call_handler((mp_keeper *)ud, "fill", g); }
static void keeper_drop(void *ud, gk_game *g) { call_handler((mp_keeper *)ud, "drop", g); }
static void keeper_restore(void *ud, gk_game *g) { call_handler((mp_keeper *)ud, "restore", g); }

static mp_keeper *keeper(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &keeper_key);
  mp_keeper *k = (mp_keeper *)lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (!k) luaL_error(L, "state_keeper was not set");
  return k;
}

/* The keeper lives in the registry as long as the state, so the games
** (freed by their finalizers at the latest) never outlive it. */
static int state_keeper(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &handler_key);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &keeper_key) == LUA_TNIL) {
    mp_keeper *k = (mp_keeper *)lua_newuserdatauv(L, sizeof *k, 0);
    k->h = (gk_blob_host){keeper_fill, keeper_drop, keeper_restore, k};
    lua_pushthread(L);
    k->L = lua_tothread(L, -1); /* the main thread: hooks run on it */
    lua_pop(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &keeper_key);
  }
  return 0;
}

static int state_key(lua_State *L) {
  gk_game *g = mp_checkgame(L, 1);
  mp_host *h = mp_host_of(L);
  lua_pushlightuserdata(L, g);
  lua_pushinteger(L, (lua_Integer)gk_blob_epoch(g));
  lua_pushboolean(L, h && mp_host_lent(h) == g);
  return 3;
}

static int checkslot(lua_State *L, int arg) {
  lua_Integer slot = luaL_checkinteger(L, arg);
  luaL_argcheck(L, slot >= 1 && slot <= GK_MAX_BLOBS, arg, "slot out of range");
  return (int)slot - 1;
}

static gk_game *checkkey(lua_State *L, int arg) {
  luaL_checktype(L, arg, LUA_TLIGHTUSERDATA);
  return (gk_game *)lua_touserdata(L, arg);
}

void mp_state_mark_stale(lua_State *L, gk_game *g, int slot) {
  gk_blob_attach(g, &keeper(L)->h);
  if (slot >= 0) gk_blob_mark_stale(g, slot);
}

/* state_attach(key [, slot]): the keeper keeps g's state (drop and
** restore reach it); with slot, that slot is stale. */
static int state_attach(lua_State *L) {
  gk_game *g = checkkey(L, 1);
  mp_state_mark_stale(L, g, lua_isnoneornil(L, 2) ? -1 : checkslot(L, 2));
  return 0;
}

static int state_fill(lua_State *L) {
  gk_game *g = checkkey(L, 1);
  int slot = checkslot(L, 2);
  size_t len;
  const char *s = luaL_checklstring(L, 3, &len);
  if (gk_blob_fill(g, slot, s, len) < 0) return luaL_error(L, "%s", gk_game_error(g));
  return 0;
}

/* state_info(key, slot): the game's epoch, and whether the slot is stale. */
static int state_info(lua_State *L) {
  gk_game *g = checkkey(L, 1);
  lua_pushinteger(L, (lua_Integer)gk_blob_epoch(g));
  lua_pushboolean(L, gk_blob_is_stale(g, checkslot(L, 2)));
  return 2;
}

static int lent_key(lua_State *L) {
  mp_host *h = mp_host_of(L);
  gk_game *g = h ? mp_host_lent(h) : NULL;
  if (g) lua_pushlightuserdata(L, g);
  else lua_pushnil(L);
  return 1;
}

static const luaL_Reg funcs[] = {
  {"state_keeper", state_keeper},
  {"state_key", state_key},
  {"state_attach", state_attach},
  {"state_fill", state_fill},
  {"state_info", state_info},
  {"lent_key", lent_key},
  {NULL, NULL}
};

void mp_state_blobs_open(lua_State *L) {
  luaL_setfuncs(L, funcs, 0);
  mp_state_entry_open(L);
  mp_state_write_open(L);
}
