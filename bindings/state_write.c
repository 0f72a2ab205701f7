/*
** state_write.c: the writes and lengths of a script's live state
** (meeple.loader.state_live) in C. A hook's `st.count = st.count + 1`
** calls the node's __newindex, which in Lua ran some 150 VM instructions
** under the sandbox's count hook (4-5k machine instructions a write);
** here the common write is a few raw table reads.
**
** meeple_host.state_writer(layout, slow, max_bytes) gives
** (write, len), the __newindex and __len of every node. layout names the
** integer keys of a node's metatable (entry, src) and of an entry (key,
** slot, epoch, log, count, live, stale), so that each is one rawgeti:
**   write(p, k, v)   on an owned node (its store mt.__index) of a live
**                    entry whose game is the one lent to the hooks now,
**                    an existing key or a plain new key (string, boolean,
**                    number but NaN), a scalar value (nil, boolean,
**                    number but NaN, string of at most max_bytes): logs
**                    (store, k, old) in the entry's log (forgetting the
**                    log of an earlier epoch first), stores v, and marks
**                    the entry's blob slot stale on its first write;
**                    anything else (a shared node to copy first, a table
**                    to adopt, a bad key or value, a gone or foreign
**                    game) goes to slow(p, k, v, 3), the Lua write, whose
**                    errors then name the script's line (level 3: past
**                    this C function);
**   len(p)           rawlen of the node's template level (shared) or
**                    store (owned).
**
** Invariant: write changes what state_live's Lua write changes (the
** store, the entry's log, count and epoch, its stale flag and the game's
** stale mark), in the same order, or hands the whole write to it; it
** never raises itself (only Lua's out-of-memory, within the sandbox's
** cap).
*/
#include <lua.h>
#include <lauxlib.h>

#include "host.h"

/* Upvalue 1 of write and len. */
typedef struct state_layout {
  lua_Integer entry, src;                              /* in a node's metatable */
  lua_Integer key, slot, epoch, log, count, live, stale; /* in an entry */
  lua_Integer max_bytes;
  mp_host *host;
} state_layout;

enum { UP_LAYOUT = 1, UP_SLOW, UP_INDEX, N_UPVALUES = UP_INDEX };

/* The Lua write, past this function (its level-2 errors would name us). */
static int slow_write(lua_State *L) {
  lua_settop(L, 3);
  lua_pushvalue(L, lua_upvalueindex(UP_SLOW));
  lua_insert(L, 1);
  lua_pushinteger(L, 3);
  lua_call(L, 4, 0);
  return 0;
}

static int not_nan(lua_State *L, int idx) {
  if (lua_isinteger(L, idx)) return 1;
  lua_Number x = lua_tonumber(L, idx);
  return x == x;
}

/* Whether a new key k (at idx) needs no check: string, boolean, number
** but NaN. */
static int plain_key(lua_State *L, int idx) {
  int t = lua_type(L, idx);
  return t == LUA_TSTRING || t == LUA_TBOOLEAN || (t == LUA_TNUMBER && not_nan(L, idx));
}

/* Whether value v (at idx) is a scalar the state takes as it is. */
static int plain_value(lua_State *L, int idx, const state_layout *y) {
  switch (lua_type(L, idx)) {
  case LUA_TNIL:
  case LUA_TBOOLEAN: return 1;
  case LUA_TNUMBER: return not_nan(L, idx);
  case LUA_TSTRING: return lua_rawlen(L, idx) <= (size_t)y->max_bytes;
  default: return 0;
  }
}

/* The entry's game, if the entry is live and its game the one lent to
** the hooks now; else NULL. */
static gk_game *writable_game(lua_State *L, int entry, const state_layout *y) {
  lua_rawgeti(L, entry, y->live);
  int live = lua_toboolean(L, -1);
  lua_rawgeti(L, entry, y->key);
  gk_game *g = (gk_game *)lua_touserdata(L, -1);
  lua_pop(L, 2);
  return live && g && y->host && mp_host_lent(y->host) == g ? g : NULL;
}

/* (store, k, old) appended to the entry's log, which a write in a new
** epoch of game g starts anew (state_live's forget_log). */
static void log_write(lua_State *L, int entry, int store, int old, gk_game *g,
                      const state_layout *y) {
  lua_rawgeti(L, entry, y->log);
  int log = lua_gettop(L);
  lua_rawgeti(L, entry, y->count);
  lua_Integer n = lua_tointeger(L, -1);
  lua_rawgeti(L, entry, y->epoch);
  lua_Integer epoch = (lua_Integer)gk_blob_epoch(g);
  int same = lua_tointeger(L, -1) == epoch;
  lua_pop(L, 2);
  if (!same) {
    for (lua_Integer i = 1; i <= n; i++) {
      lua_pushnil(L);
      lua_rawseti(L, log, i);
    }
    n = 0;
    lua_pushinteger(L, epoch);
    lua_rawseti(L, entry, y->epoch);
  }
  lua_pushvalue(L, store);
  lua_rawseti(L, log, n + 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, log, n + 2);
  lua_pushvalue(L, old);
  lua_rawseti(L, log, n + 3);
  lua_pop(L, 1);
  lua_pushinteger(L, n + 3);
  lua_rawseti(L, entry, y->count);
}

/* The entry's slot marked stale in game g, on its first write. */
static void mark_stale(lua_State *L, int entry, gk_game *g, const state_layout *y) {
  lua_rawgeti(L, entry, y->stale);
  int stale = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (stale) return;
  lua_pushboolean(L, 1);
  lua_rawseti(L, entry, y->stale);
  lua_rawgeti(L, entry, y->slot);
  int slot = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  mp_state_mark_stale(L, g, slot - 1);
}

/* write(p, k, v): stack 1 p, 2 k, 3 v, 4 mt, 5 shared, 6 entry, 7 store,
** 8 old. The metatable is the node's own (lua_getmetatable ignores
** __metatable), or none: not a node, for the Lua write to refuse. */
static int state_write(lua_State *L) {
  const state_layout *y = (const state_layout *)lua_touserdata(L, lua_upvalueindex(UP_LAYOUT));
  lua_settop(L, 3);
  if (!lua_getmetatable(L, 1) || lua_rawgeti(L, 4, y->src) != LUA_TNIL ||
      lua_rawgeti(L, 4, y->entry) != LUA_TTABLE)
    return slow_write(L);
  gk_game *g = writable_game(L, 6, y);
  lua_pushvalue(L, lua_upvalueindex(UP_INDEX));
  if (!g || lua_rawget(L, 4) != LUA_TTABLE) return slow_write(L);
  lua_pushvalue(L, 2);
  int fresh = lua_rawget(L, 7) == LUA_TNIL;
  if ((fresh && !plain_key(L, 2)) || !plain_value(L, 3, y)) return slow_write(L);
  log_write(L, 6, 7, 8, g, y);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, 7);
  mark_stale(L, 6, g, y);
  return 0;
}

/* len(p) */
static int state_len(lua_State *L) {
  const state_layout *y = (const state_layout *)lua_touserdata(L, lua_upvalueindex(UP_LAYOUT));
  if (!lua_getmetatable(L, 1)) return luaL_error(L, "state: not a state table");
  if (lua_rawgeti(L, -1, y->src) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(UP_INDEX));
    lua_rawget(L, -2);
  }
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

static lua_Integer layout_key(lua_State *L, int layout, const char *name) {
  lua_getfield(L, layout, name);
  lua_Integer k = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (k < 1) luaL_error(L, "state_writer: layout.%s must be a positive integer", name);
  return k;
}

/* meeple_host.state_writer(layout, slow, max_bytes) */
static int state_writer(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_Integer max_bytes = luaL_checkinteger(L, 3);
  state_layout *y = (state_layout *)lua_newuserdatauv(L, sizeof *y, 0);
  *y = (state_layout){
      .entry = layout_key(L, 1, "entry"), .src = layout_key(L, 1, "src"),
      .key = layout_key(L, 1, "key"), .slot = layout_key(L, 1, "slot"),
      .epoch = layout_key(L, 1, "epoch"), .log = layout_key(L, 1, "log"),
      .count = layout_key(L, 1, "count"), .live = layout_key(L, 1, "live"),
      .stale = layout_key(L, 1, "stale"), .max_bytes = max_bytes, .host = mp_host_of(L)};
  int up = lua_gettop(L);
  lua_pushvalue(L, 2);
  lua_pushliteral(L, "__index");
  for (int i = 0; i < N_UPVALUES; i++) lua_pushvalue(L, up + i);
  lua_pushcclosure(L, state_write, N_UPVALUES);
  for (int i = 0; i < N_UPVALUES; i++) lua_pushvalue(L, up + i);
  lua_pushcclosure(L, state_len, N_UPVALUES);
  return 2;
}

void mp_state_write_open(lua_State *L) {
  lua_pushcfunction(L, state_writer);
  lua_setfield(L, -2, "state_writer");
}
