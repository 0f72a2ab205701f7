/*
** state_write.c: the writes and lengths of a script's live state
** (meeple.loader.state_live) in C. A hook's `st.count = st.count + 1`
** calls the node's __newindex, which in Lua ran some 150 VM instructions
** under the sandbox's count hook (4-5k machine instructions a write);
** here the common write is a few raw table reads.
**
** meeple_host.state_writer(layout, slow, max_bytes) gives
** (write, len), the __newindex and __len of every node. layout names the
** integer keys of a node's metatable (entry, src, store), so that each
** is one rawgeti, and of an entry, which must be state_entry.c's
** (MP_ENTRY_*: the entry is a struct, its fields plain reads):
**   write(p, k, v)   on an owned node (its store mt[store], also its
**                    __index) of a live entry whose game is the one lent
**                    to the hooks now, an existing key or a plain new key
**                    (string, boolean, number but NaN), a scalar value
**                    (nil, boolean, number but NaN, string of at most
**                    max_bytes): logs (store, k, old) in the entry's log
**                    (starting it anew in a new epoch), stores v, and
**                    marks the entry's blob slot stale on its first
**                    write; anything else (a shared node to copy first, a
**                    table to adopt, a bad key or value, a gone or
**                    foreign game) goes to slow(p, k, v, 3), the Lua
**                    write, whose errors then name the script's line
**                    (level 3: past this C function);
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
  lua_Integer entry, src, store; /* in a node's metatable */
  lua_Integer max_bytes;
  mp_host *host;
} state_layout;

enum { UP_LAYOUT = 1, UP_SLOW, N_UPVALUES = UP_SLOW };

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

/* (store, k, old) appended to entry e's log (at log), which a write in a
** new epoch of its game starts anew (state_live's forget_log; the slots
** past the count are stale, and get overwritten). */
static void log_write(lua_State *L, mp_state_entry *e, int log, int store, int old) {
  lua_Integer epoch = (lua_Integer)gk_blob_epoch(e->key);
  if (e->epoch != epoch) {
    e->count = 0;
    e->epoch = epoch;
  }
  lua_Integer n = e->count;
  lua_pushvalue(L, store);
  lua_rawseti(L, log, n + 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, log, n + 2);
  lua_pushvalue(L, old);
  lua_rawseti(L, log, n + 3);
  e->count = n + 3;
}

/* write(p, k, v): stack 1 p, 2 k, 3 v, 4 mt, 5 shared, 6 entry, 7 store,
** 8 old, 9 log. The metatable is the node's own (lua_getmetatable ignores
** __metatable), or none: not a node, for the Lua write to refuse. */
static int state_write(lua_State *L) {
  const state_layout *y = (const state_layout *)lua_touserdata(L, lua_upvalueindex(UP_LAYOUT));
  lua_settop(L, 3);
  if (!lua_getmetatable(L, 1) || lua_rawgeti(L, 4, y->src) != LUA_TNIL) return slow_write(L);
  lua_rawgeti(L, 4, y->entry);
  mp_state_entry *e = mp_state_entry_of(L, 6);
  if (!e || !e->live || !e->key || !y->host || mp_host_lent(y->host) != e->key ||
      lua_rawgeti(L, 4, y->store) != LUA_TTABLE)
    return slow_write(L);
  lua_pushvalue(L, 2);
  int fresh = lua_rawget(L, 7) == LUA_TNIL;
  if ((fresh && !plain_key(L, 2)) || !plain_value(L, 3, y)) return slow_write(L);
  lua_getiuservalue(L, 6, MP_ENTRY_UV_LOG);
  log_write(L, e, 9, 7, 8);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, 7);
  if (!e->stale) { /* its first write since its blob was written */
    e->stale = 1;
    mp_state_mark_stale(L, e->key, (int)e->slot - 1);
  }
  return 0;
}

/* len(p) */
static int state_len(lua_State *L) {
  const state_layout *y = (const state_layout *)lua_touserdata(L, lua_upvalueindex(UP_LAYOUT));
  if (!lua_getmetatable(L, 1)) return luaL_error(L, "state: not a state table");
  if (lua_rawgeti(L, -1, y->src) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_rawgeti(L, -1, y->store);
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

/* layout.name, which must be the entry's field key want (MP_ENTRY_*). */
static void entry_key(lua_State *L, int layout, const char *name, lua_Integer want) {
  if (layout_key(L, layout, name) != want)
    luaL_error(L, "state_writer: layout.%s must be %d (state_entry.c)", name, (int)want);
}

/* meeple_host.state_writer(layout, slow, max_bytes) */
static int state_writer(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_Integer max_bytes = luaL_checkinteger(L, 3);
  static const struct { const char *name; lua_Integer key; } fields[] = {
      {"key", MP_ENTRY_KEY},     {"slot", MP_ENTRY_SLOT},   {"epoch", MP_ENTRY_EPOCH},
      {"log", MP_ENTRY_LOG},     {"count", MP_ENTRY_COUNT}, {"live", MP_ENTRY_LIVE},
      {"stale", MP_ENTRY_STALE}, {"root", MP_ENTRY_ROOT}};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    entry_key(L, 1, fields[i].name, fields[i].key);
  state_layout *y = (state_layout *)lua_newuserdatauv(L, sizeof *y, 0);
  *y = (state_layout){.entry = layout_key(L, 1, "entry"), .src = layout_key(L, 1, "src"),
                      .store = layout_key(L, 1, "store"), .max_bytes = max_bytes,
                      .host = mp_host_of(L)};
  int up = lua_gettop(L);
  lua_pushvalue(L, 2);
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
