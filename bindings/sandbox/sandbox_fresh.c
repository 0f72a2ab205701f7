/*
** sandbox_fresh.c: every game starts from the scripts' state after
** loading.
**
** A script's locals (the upvalues of its functions) and the tables they
** and its globals hold outlive one game: `local calls = 0` counted on
** from one game to the next, so a game's result depended on the games
** played before it in the same process (sim --jobs 1 against --jobs 2,
** shards against one run). mp_sandbox_snapshot records, once the rules
** are built, every upvalue of every script function the host keeps and
** the contents and metatable of every table they reach; mp_sandbox_restore
** puts them back before each game, in place (the same tables, so a hook
** that holds one still sees it), writing only what differs.
**
** What is walked: script functions (of chunks loaded for scripts,
** mp_sb_mark_script; not the host's Lua or C functions a script was
** handed: their state is the host's), their upvalues, tables (keys, values,
** metatables). Not walked: the read-only proxies (the host's data behind
** them is the host's), userdata (host handles), a sealed environment and
** its backing table, which no script can write (their values are walked).
**
** Per game the sandbox's weight (sandbox_weight.c) starts again from what
** loading left (the heavy objects a game made are gone with it), and so
** do the ids tostring shows (sandbox_order.c).
**
** Registry layout of a snapshot (a table): [1] the upvalues, flat triples
** (function, index, value); [2] the tables, flat quadruples (table,
** copy, metatable or false, how many entries the copy has); [3] the weight after loading.
*/
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

enum { SNAP_UPVALS = 1, SNAP_TABLES, SNAP_WEIGHT };

typedef struct walk {
  int seen;    /* stack index: object -> true */
  int hseen;   /* stack index: host table searched -> true */
  int upseen;  /* stack index: upvalue id (light userdata) -> true */
  int ups;     /* stack index: upvalue triples */
  int tabs;    /* stack index: table triples */
  lua_Integer n_ups, n_tabs;
} walk;

static void walk_value(lua_State *L, walk *w, int idx);

/* True (and marks it) if the object at idx was walked already. */
static int seen_before(lua_State *L, walk *w, int idx) {
  lua_pushvalue(L, idx);
  if (lua_rawget(L, w->seen) != LUA_TNIL) {
    lua_pop(L, 1);
    return 1;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, idx);
  lua_pushboolean(L, 1);
  lua_rawset(L, w->seen);
  return 0;
}

static void append(lua_State *L, int list, lua_Integer *n, int idx) {
  lua_pushvalue(L, idx);
  lua_rawseti(L, list, ++*n);
}

static void walk_function(lua_State *L, walk *w, int fn) {
  if (lua_iscfunction(L, fn) || !mp_sb_script_chunk(L, fn) || seen_before(L, w, fn)) return;
  for (int i = 1; lua_getupvalue(L, fn, i) != NULL; i++) {
    int v = lua_gettop(L);
    lua_pushlightuserdata(L, lua_upvalueid(L, fn, i));
    if (lua_rawget(L, w->upseen) == LUA_TNIL) {
      lua_pop(L, 1);
      lua_pushlightuserdata(L, lua_upvalueid(L, fn, i));
      lua_pushboolean(L, 1);
      lua_rawset(L, w->upseen);
      append(L, w->ups, &w->n_ups, fn);
      lua_pushinteger(L, i);
      lua_rawseti(L, w->ups, ++w->n_ups);
      append(L, w->ups, &w->n_ups, v);
    } else {
      lua_pop(L, 1);
    }
    walk_value(L, w, v);
    lua_settop(L, v - 1);
  }
}

/* A sealed environment (mp_sb_seal_env): its metatable's __newindex is
** refuse_global; pushes its backing table and returns 1, or returns 0. */
static int push_sealed_backing(lua_State *L, int t) {
  if (!lua_getmetatable(L, t)) return 0;
  lua_pushliteral(L, "__newindex");
  lua_rawget(L, -2);
  int sealed = lua_tocfunction(L, -1) == mp_sb_refuse_global;
  lua_pop(L, 1);
  if (sealed) {
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    return 1;
  }
  lua_pop(L, 1);
  return 0;
}

static int is_proxy(lua_State *L, int t) {
  if (!lua_getmetatable(L, t)) return 0;
  int proxy = lua_rawgetp(L, -1, &mp_sb_proxy_real_key) != LUA_TNIL;
  lua_pop(L, 2);
  return proxy;
}

/* Walks the keys and values of the table at t. */
static void walk_contents(lua_State *L, walk *w, int t) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int top = lua_gettop(L);
    walk_value(L, w, top - 1);
    walk_value(L, w, top);
    lua_settop(L, top - 1);
  }
}

static void walk_table(lua_State *L, walk *w, int t) {
  if (seen_before(L, w, t) || is_proxy(L, t)) return;
  if (push_sealed_backing(L, t)) {
    int b = lua_gettop(L);
    if (lua_istable(L, b) && !seen_before(L, w, b)) walk_contents(L, w, b);
    lua_pop(L, 1);
    walk_contents(L, w, t); /* empty unless the host left something */
    return;
  }
  append(L, w->tabs, &w->n_tabs, t);
  lua_createtable(L, 0, 0);
  int copy = lua_gettop(L);
  lua_Integer count = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
    count++;
  }
  lua_rawseti(L, w->tabs, ++w->n_tabs);
  if (!lua_getmetatable(L, t)) lua_pushboolean(L, 0);
  int mt = lua_gettop(L);
  append(L, w->tabs, &w->n_tabs, mt);
  lua_pushinteger(L, count);  /* so the restore need not count the copy */
  lua_rawseti(L, w->tabs, ++w->n_tabs);
  walk_contents(L, w, t);
  if (lua_istable(L, mt)) walk_value(L, w, mt);
  lua_pop(L, 1);
}

static void walk_value(lua_State *L, walk *w, int idx) {
  idx = lua_absindex(L, idx);
  luaL_checkstack(L, 12, "script state nested too deeply");
  switch (lua_type(L, idx)) {
    case LUA_TTABLE: walk_table(L, w, idx); break;
    case LUA_TFUNCTION: walk_function(L, w, idx); break;
    default: break; /* values, userdata (the host's), threads */
  }
}

/* Walks the host tables at idx looking for script functions only (the
** hooks and formulas the loader keeps): the tables are the host's and
** are not recorded. */
static void find_functions(lua_State *L, walk *w, int t) {
  lua_pushvalue(L, t);
  if (lua_rawget(L, w->hseen) != LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, t);
  lua_pushboolean(L, 1);
  lua_rawset(L, w->hseen);
  luaL_checkstack(L, 8, "host tables nested too deeply");
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int v = lua_gettop(L);
    if (lua_type(L, v) == LUA_TTABLE) find_functions(L, w, v);
    else if (lua_type(L, v) == LUA_TFUNCTION) walk_function(L, w, v);
    lua_pop(L, 1);
  }
}

/* snapshot(roots, holders): lua_CFunction run under pcall. */
static int snapshot(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  walk w = {0, 0, 0, 0, 0, 0, 0};
  lua_settop(L, 2);
  lua_newtable(L);
  w.seen = lua_gettop(L);
  lua_newtable(L);
  w.hseen = lua_gettop(L);
  lua_newtable(L);
  w.upseen = lua_gettop(L);
  lua_createtable(L, 3, 0); /* the snapshot */
  lua_newtable(L);
  w.ups = lua_gettop(L);
  lua_newtable(L);
  w.tabs = lua_gettop(L);
  if (lua_istable(L, 1)) {
    lua_Integer n = luaL_len(L, 1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, 1, i);
      walk_value(L, &w, -1);
      lua_pop(L, 1);
    }
  }
  if (lua_istable(L, 2)) {
    lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n; i++) {
      if (lua_rawgeti(L, 2, i) == LUA_TTABLE) find_functions(L, &w, lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  lua_rawseti(L, -3, SNAP_TABLES);
  lua_rawseti(L, -2, SNAP_UPVALS);
  lua_pushinteger(L, (lua_Integer)sb->weight);
  lua_rawseti(L, -2, SNAP_WEIGHT);
  return 1;
}

void mp_sandbox_bind_memos(mp_sandbox *sb, lua_State *L, int idx) {
  (void)sb;
  mp_sb_memo_bind(L, idx);
}

int mp_sandbox_snapshot(mp_sandbox *sb) {
  lua_State *L = sb->L;
  sb->err[0] = '\0';
  if (lua_gettop(L) < 2 || !lua_checkstack(L, 8)) return MP_SANDBOX_EINVAL;
  lua_pushcfunction(L, snapshot);
  lua_insert(L, -3);
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
    mp_sb_set_error(sb, lua_tostring(L, -1));
    lua_pop(L, 1);
    return MP_SANDBOX_EMEMORY;
  }
  /* The walk's garbage (a mark for every table of the host's holders)
  ** goes now: left to the generational collector, which had made some
  ** of it old, it made every game's hooks collect more (long_roads +9%
  ** instructions a game; +0.2% with this). */
  lua_gc(L, LUA_GCCOLLECT);
  return MP_SANDBOX_OK;
}

/* The same value, and of the same kind: 0 and 0.0, 0.0 and -0.0 differ. */
static int same_value(lua_State *L, int a, int b) {
  int t = lua_type(L, a);
  if (t != lua_type(L, b)) return 0;
  if (t != LUA_TNUMBER) return lua_rawequal(L, a, b);
  int ia = lua_isinteger(L, a);
  if (ia != lua_isinteger(L, b)) return 0;
  if (ia) return lua_tointeger(L, a) == lua_tointeger(L, b);
  lua_Number x = lua_tonumber(L, a), y = lua_tonumber(L, b);
  return memcmp(&x, &y, sizeof x) == 0;
}

/* The table at t holds again exactly what copy holds ('want' entries). */
static void restore_table(lua_State *L, int t, int copy, lua_Integer want) {
  lua_Integer kept = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) { /* assigning existing fields is allowed */
    int v = lua_gettop(L);
    lua_pushvalue(L, v - 1);
    if (lua_rawget(L, copy) == LUA_TNIL) {
      lua_pushvalue(L, v - 1);
      lua_pushnil(L);
      lua_rawset(L, t);
    } else {
      kept++;
      if (!same_value(L, v, v + 1)) {
        lua_pushvalue(L, v - 1);
        lua_pushvalue(L, v + 1);
        lua_rawset(L, t);
      }
    }
    lua_settop(L, v - 1);
  }
  if (kept == want) return;
  lua_pushnil(L);
  while (lua_next(L, copy)) {
    lua_pushvalue(L, -2);
    if (lua_rawget(L, t) == LUA_TNIL) {
      lua_pushvalue(L, -3);
      lua_pushvalue(L, -3);
      lua_rawset(L, t);
    }
    lua_pop(L, 2);
  }
}

static int restore(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  lua_settop(L, 1);
  lua_rawgeti(L, 1, SNAP_UPVALS);
  lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
  for (lua_Integer i = 1; i + 2 <= n; i += 3) {
    lua_rawgeti(L, 2, i);
    lua_rawgeti(L, 2, i + 1);
    int up = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_rawgeti(L, 2, i + 2);
    lua_setupvalue(L, -2, up);
    lua_pop(L, 1);
  }
  lua_rawgeti(L, 1, SNAP_TABLES);
  n = (lua_Integer)lua_rawlen(L, 3);
  for (lua_Integer i = 1; i + 3 <= n; i += 4) {
    lua_rawgeti(L, 3, i);
    lua_rawgeti(L, 3, i + 1);
    lua_rawgeti(L, 3, i + 3);
    lua_Integer want = lua_tointeger(L, -1);
    lua_pop(L, 1);
    restore_table(L, 4, 5, want);
    lua_rawgeti(L, 3, i + 2);
    int had = lua_getmetatable(L, 4);
    if (!had) lua_pushboolean(L, 0);
    if (!lua_rawequal(L, 6, 7)) {
      if (lua_istable(L, 6)) lua_pushvalue(L, 6);
      else lua_pushnil(L);
      lua_setmetatable(L, 4);
    }
    lua_settop(L, 3);
  }
  lua_rawgeti(L, 1, SNAP_WEIGHT);
  sb->weight = (size_t)lua_tointeger(L, -1);
  mp_sb_weigh_reset(sb);
  mp_sb_ids_reset(L);
  return 0;
}

int mp_sandbox_restore(mp_sandbox *sb, lua_State *L, int idx) {
  sb->err[0] = '\0';
  if (!lua_istable(L, idx) || !lua_checkstack(L, 12)) return MP_SANDBOX_EINVAL;
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, restore);
  lua_pushvalue(L, idx);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    mp_sb_set_error(sb, lua_tostring(L, -1));
    lua_pop(L, 1);
    return MP_SANDBOX_EMEMORY;
  }
  return MP_SANDBOX_OK;
}
