/*
** state_write.c: the writes and lengths of a script's live state
** (meeple.loader.state_live) in C. A hook's `st.count = st.count + 1`
** calls the node's __newindex, which in Lua ran some 150 VM instructions
** under the sandbox's count hook (4-5k machine instructions a write);
** here the common write is a few raw table reads.
**
** meeple_host.state_writer(layout, slow, max_bytes, meta_of) gives
** (write, len), the __newindex and __len of every node. layout names the
** integer keys of a node's metatable (entry, parent, depth, src, kids,
** store), so that each is one rawgeti, and of an entry, which must be
** state_entry.c's (MP_ENTRY_*: the entry is a struct, its fields plain
** reads); meta_of is state_live's node -> metatable:
**   write(p, k, v)   on a node of a live entry whose game is the one lent
**                    to the hooks now: an owned node (its store
**                    mt[store], also its __index), or a shared one,
**                    which gets its store first, its shared parents
**                    theirs before it (state_live's materialize: a copy
**                    of its template's level); an existing key or a
**                    plain new key (string, boolean, number but NaN), a
**                    scalar value (nil, boolean, number but NaN, string
**                    of at most max_bytes): a value the store holds
**                    already (same type and subtype) is left as it is,
**                    nothing logged or marked; any other is logged as
**                    (store, k, old) in the entry's log (starting it
**                    anew in a new epoch), stored, and the entry's blob
**                    slot marked stale on its first write; anything
**                    else (a table to adopt, a bad key or value, a gone or
**                    foreign game) goes to slow(p, k, v, 3), the Lua
**                    write, whose errors then name the script's line
**                    (level 3: past this C function);
**   len(p)           rawlen of the node's template level (shared) or
**                    store (owned).
**
** Invariant: write changes what state_live's Lua write changes (the
** store, the entry's log, count and epoch, its stale flag and the game's
** stale mark), in the same order, or hands the whole write to it, except
** that a write of the value already held changes nothing (the Lua write
** logs it and marks the blob: an undo of it, and the blob's new text,
** would be what they were); it
** never raises itself (only Lua's out-of-memory, within the sandbox's
** cap).
*/
#include <lua.h>
#include <lauxlib.h>

#include "host.h"

/* Upvalue 1 of write and len. */
typedef struct state_layout {
  lua_Integer entry, parent, depth, src, kids, store; /* in a node's metatable */
  lua_Integer max_bytes;
  mp_host *host;
} state_layout;

/* UP_META_OF: state_live's node -> metatable (weak keys). */
enum { UP_LAYOUT = 1, UP_SLOW, UP_META_OF, N_UPVALUES = UP_META_OF };

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

/* Whether scalar v (at b) is what the store holds (at a): the same type
** and, for numbers, the same subtype (1 and 1.0 are rawequal but are
** written differently in the state's text). Such a write changes
** nothing: undoing it would restore the same value, and the blob's text
** stays what it is. */
static int same_value(lua_State *L, int a, int b) {
  if (!lua_rawequal(L, a, b)) return 0;
  return lua_type(L, a) != LUA_TNUMBER || lua_isinteger(L, a) == lua_isinteger(L, b);
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

/* A shared node for template table v (on top, replaced by it), the kid
** of shared node p (its metatable at pmt), as state_live's new_shared
** makes it: the parent's metamethods, entry and reader, one level
** deeper, and known to meta_of. */
static void new_kid(lua_State *L, int p, int pmt, const state_layout *y) {
  static const char *const shared[] = {"__newindex", "__len", "__pairs", "__metatable", "__index"};
  int v = lua_gettop(L);
  lua_newtable(L); /* the proxy */
  lua_createtable(L, 0, 9);
  int mt = v + 2;
  for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) {
    lua_pushstring(L, shared[i]);
    lua_pushvalue(L, -1);
    lua_rawget(L, pmt);
    lua_rawset(L, mt);
  }
  lua_rawgeti(L, pmt, y->entry);
  lua_rawseti(L, mt, y->entry);
  lua_pushvalue(L, p);
  lua_rawseti(L, mt, y->parent);
  lua_rawgeti(L, pmt, y->depth);
  lua_pushinteger(L, lua_tointeger(L, -1) + 1);
  lua_rawseti(L, mt, y->depth);
  lua_pop(L, 1);
  lua_pushvalue(L, v);
  lua_rawseti(L, mt, y->src);
  lua_pushvalue(L, v + 1);
  lua_pushvalue(L, mt);
  lua_rawset(L, lua_upvalueindex(UP_META_OF));
  lua_setmetatable(L, v + 1);
  lua_replace(L, v);
}

/* Shared node p (its metatable at mt, its template src) gets a store of
** its own, pushed: state_live's materialize, its shared parents first
** (each copied as it is here, from the root down: the first write of a
** game into a nested table, whose parents are all still the template's);
** 0 (nothing pushed) when a parent is no node or the stack is short,
** for the Lua write. Nested tables become shared nodes (the kids already
** made, or new ones); the store is filled in the template's order from
** empty, as Lua fills it. */
static int materialize(lua_State *L, int p, int mt, int src, const state_layout *y) {
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 12)) return 0;
  if (lua_rawgeti(L, mt, y->parent) != LUA_TNIL) { /* top + 1 */
    if (!lua_getmetatable(L, top + 1)) {
      lua_settop(L, top);
      return 0;
    }
    if (lua_rawgeti(L, top + 2, y->src) != LUA_TNIL && /* a shared parent */
        !materialize(L, top + 1, top + 2, top + 3, y)) {
      lua_settop(L, top);
      return 0;
    }
  }
  lua_settop(L, top);
  lua_newtable(L);
  int store = top + 1;
  int kids = lua_rawgeti(L, mt, y->kids) == LUA_TTABLE ? top + 2 : 0;
  lua_pushnil(L);
  while (lua_next(L, src)) {
    if (lua_type(L, -1) == LUA_TTABLE) { /* key, template table */
      int kid = 0;
      if (kids) {
        lua_pushvalue(L, -2);
        kid = lua_rawget(L, kids) != LUA_TNIL;
        if (kid) lua_replace(L, -2);
        else lua_pop(L, 1);
      }
      if (!kid) new_kid(L, p, mt, y);
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, store);
  }
  lua_settop(L, store);
  lua_pushliteral(L, "__index");
  lua_pushvalue(L, store);
  lua_rawset(L, mt);
  lua_pushvalue(L, store);
  lua_rawseti(L, mt, y->store);
  lua_pushnil(L);
  lua_rawseti(L, mt, y->src);
  lua_pushnil(L);
  lua_rawseti(L, mt, y->kids);
  return 1;
}

/* write(p, k, v): stack 1 p, 2 k, 3 v, 4 mt, 5 shared, 6 entry, 7 store,
** 8 old, 9 log. The metatable is the node's own (lua_getmetatable ignores
** __metatable), or none: not a node, for the Lua write to refuse. */
static int state_write(lua_State *L) {
  const state_layout *y = (const state_layout *)lua_touserdata(L, lua_upvalueindex(UP_LAYOUT));
  lua_settop(L, 3);
  if (!lua_getmetatable(L, 1)) return slow_write(L);
  int shared = lua_rawgeti(L, 4, y->src) != LUA_TNIL;
  lua_rawgeti(L, 4, y->entry);
  mp_state_entry *e = mp_state_entry_of(L, 6);
  if (!e || !e->live || !e->key || !y->host || mp_host_lent(y->host) != e->key)
    return slow_write(L);
  if (shared ? !materialize(L, 1, 4, 5, y) : lua_rawgeti(L, 4, y->store) != LUA_TTABLE)
    return slow_write(L);
  lua_pushvalue(L, 2);
  int fresh = lua_rawget(L, 7) == LUA_TNIL;
  if ((fresh && !plain_key(L, 2)) || !plain_value(L, 3, y)) return slow_write(L);
  if (same_value(L, 8, 3)) return 0; /* nothing changes: nothing to log or re-encode */
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

/* meeple_host.state_writer(layout, slow, max_bytes, meta_of) */
static int state_writer(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_Integer max_bytes = luaL_checkinteger(L, 3);
  luaL_checktype(L, 4, LUA_TTABLE);
  static const struct { const char *name; lua_Integer key; } fields[] = {
      {"key", MP_ENTRY_KEY},     {"slot", MP_ENTRY_SLOT},   {"epoch", MP_ENTRY_EPOCH},
      {"log", MP_ENTRY_LOG},     {"count", MP_ENTRY_COUNT}, {"live", MP_ENTRY_LIVE},
      {"stale", MP_ENTRY_STALE}, {"root", MP_ENTRY_ROOT}};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    entry_key(L, 1, fields[i].name, fields[i].key);
  state_layout *y = (state_layout *)lua_newuserdatauv(L, sizeof *y, 0);
  *y = (state_layout){.entry = layout_key(L, 1, "entry"), .parent = layout_key(L, 1, "parent"),
                      .depth = layout_key(L, 1, "depth"), .src = layout_key(L, 1, "src"),
                      .kids = layout_key(L, 1, "kids"), .store = layout_key(L, 1, "store"),
                      .max_bytes = max_bytes, .host = mp_host_of(L)};
  int up = lua_gettop(L);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 4);
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
