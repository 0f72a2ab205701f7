/*
** sandbox_order.c: what a script sees of memory addresses and hash order
** is the same in every process.
**
** Lua seeds its string hash afresh in every process and hashes tables and
** functions by address, so `next`, `pairs` and `tostring(t)` differed
** from run to run (and replays diverged). In the sandbox:
**   * pairs and next visit the keys in one order: numbers ascending, then
**     strings (bytewise), then false, true. A key of another type (a
**     table, a function, a handle) has no such order: pairs and next
**     refuse the table, naming the key's type. pairs sorts once
**     (n log n, charged) and then reads each key's value as it goes (a
**     key removed meanwhile is skipped); next(t, k) scans the table
**     (n, charged).
**   * tostring, print and string.format("%s") name a table, function,
**     handle or coroutine by an id, "table: #3", counted per game in the
**     order they are first shown (sandbox_fresh.c starts the count again
**     for every game); a __tostring or __name is used as Lua does.
**     string.format("%p") is refused.
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

/* {====================================================================
** Key order
** ===================================================================== */

typedef struct skey {
  int rank;         /* 0 number, 1 string, 2 boolean */
  int isint;
  lua_Integer i;
  lua_Number f;
  const char *s;
  size_t len;
  lua_Integer pos;  /* where the key is in the unsorted list */
} skey;

/* Reads the key at idx into k; 0 if it has no order. */
static int read_key(lua_State *L, int idx, skey *k) {
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
      k->rank = 0;
      k->isint = lua_isinteger(L, idx);
      if (k->isint) k->i = lua_tointeger(L, idx);
      k->f = lua_tonumber(L, idx);
      return 1;
    case LUA_TSTRING:
      k->rank = 1;
      k->s = lua_tolstring(L, idx, &k->len);
      return 1;
    case LUA_TBOOLEAN:
      k->rank = 2;
      k->i = lua_toboolean(L, idx);
      return 1;
    default:
      return 0;
  }
}

static int cmp_keys(const void *pa, const void *pb) {
  const skey *a = (const skey *)pa, *b = (const skey *)pb;
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  switch (a->rank) {
    case 0:
      if (a->isint && b->isint) return a->i < b->i ? -1 : a->i > b->i;
      if (a->f != b->f) return a->f < b->f ? -1 : 1;
      return a->isint == b->isint ? 0 : a->isint ? -1 : 1;
    case 1: {
      int c = memcmp(a->s, b->s, a->len < b->len ? a->len : b->len);
      if (c != 0) return c < 0 ? -1 : 1;
      return a->len < b->len ? -1 : a->len > b->len;
    }
    default:
      return a->i < b->i ? -1 : a->i > b->i;
  }
}

static int no_order(lua_State *L, const char *fn, int key) {
  return luaL_error(L, "%s: a key is a %s, and such keys have no order that is the same in "
                       "every run; keep them in a list (or key by a number or a string)",
                    fn, luaL_typename(L, key));
}

/* Pushes the keys of the table at t in order (a list), returns how many. */
static lua_Integer sorted_keys(lua_State *L, int t, const char *fn) {
  t = lua_absindex(L, t);
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    n++;
    lua_pop(L, 1);
  }
  /* n log n comparisons and a copy of every key */
  size_t logn = 1;
  while (((lua_Integer)1 << logn) < n && logn < 62) logn++;
  mp_sb_charge(L, (size_t)n * (logn + 1));
  skey *keys = (skey *)lua_newuserdatauv(L, sizeof(skey) * (size_t)(n > 0 ? n : 1), 0);
  lua_createtable(L, (int)(n < 1 << 26 ? n : 0), 0);
  int list = lua_gettop(L);
  lua_Integer i = 0;
  lua_pushnil(L);
  while (lua_next(L, t) && i < n) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, list, ++i); /* anchors the strings read below */
    if (!read_key(L, -1, &keys[i - 1])) no_order(L, fn, lua_gettop(L));
    keys[i - 1].pos = i;
  }
  n = i;
  qsort(keys, (size_t)n, sizeof *keys, cmp_keys);
  lua_createtable(L, (int)(n < 1 << 26 ? n : 0), 0);
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, list, keys[i].pos);
    lua_rawseti(L, -2, i + 1);
  }
  lua_replace(L, list - 1); /* over the userdata */
  lua_settop(L, list - 1);
  return n;
}

/* The iterator of pairs; upvalues: the table read, the sorted keys, the
** position, and the proxy it reads for (or nil). */
static int sorted_next(lua_State *L) {
  lua_Integer pos = lua_tointeger(L, lua_upvalueindex(3));
  for (;;) {
    if (lua_rawgeti(L, lua_upvalueindex(2), ++pos) == LUA_TNIL) {
      lua_pushinteger(L, pos - 1);
      lua_replace(L, lua_upvalueindex(3));
      return 0;
    }
    lua_pushvalue(L, -1);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) break;
    lua_pop(L, 2); /* removed since pairs began */
  }
  lua_pushinteger(L, pos);
  lua_replace(L, lua_upvalueindex(3));
  if (!lua_isnil(L, lua_upvalueindex(4))) mp_sb_proxy_value(L, lua_upvalueindex(4), -2);
  return 2;
}

void mp_sb_push_sorted_pairs(lua_State *L, int t, int proxy, const char *fn) {
  t = lua_absindex(L, t);
  proxy = proxy ? lua_absindex(L, proxy) : 0;
  lua_pushvalue(L, t);
  sorted_keys(L, t, fn);
  lua_pushinteger(L, 0);
  if (proxy) lua_pushvalue(L, proxy);
  else lua_pushnil(L);
  lua_pushcclosure(L, sorted_next, 4);
}

/* pairs(t): __pairs if t has one, else t's keys in order. */
int mp_sb_pairs(lua_State *L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  mp_sb_push_sorted_pairs(L, 1, 0, "pairs");
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* next(t [, k]): the first key after k (the first key without one) in
** pairs' order, and its value; nil after the last. */
int mp_sb_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  lua_pushnil(L); /* 3: the first key after k so far */
  skey after, best, cur;
  int has_after = !lua_isnil(L, 2), has_best = 0;
  if (has_after && !read_key(L, 2, &after)) return no_order(L, "next", 2);
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    n++;
    lua_pop(L, 1);
    if (!read_key(L, -1, &cur)) return no_order(L, "next", lua_gettop(L));
    if (has_after && cmp_keys(&cur, &after) <= 0) continue;
    if (!has_best || cmp_keys(&cur, &best) < 0) {
      lua_pushvalue(L, -1);
      lua_replace(L, 3);
      best = cur;
      has_best = 1;
    }
  }
  mp_sb_charge(L, (size_t)n);
  if (!has_best) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 3);
  lua_rawget(L, 1);
  return 2;
}

/* }=================================================================== */

/* {====================================================================
** Ids instead of addresses
** ===================================================================== */

void mp_sb_ids_reset(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  luaL_unref(L, LUA_REGISTRYINDEX, sb->ref_ids);
  sb->ref_ids = LUA_NOREF;
  sb->next_id = 0;
}

/* The id of the object at idx, given at first sight. */
static lua_Integer id_of(lua_State *L, int idx) {
  mp_sandbox *sb = getsb(L);
  mp_sb_in_memo(L, "an id for tostring");
  if (sb->ref_ids == LUA_NOREF) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    sb->ref_ids = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, sb->ref_ids);
  lua_pushvalue(L, idx);
  lua_Integer id;
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    id = lua_tointeger(L, -1);
  } else {
    id = ++sb->next_id;
    lua_pushvalue(L, idx);
    lua_pushinteger(L, id);
    lua_rawset(L, -4);
  }
  lua_pop(L, 2);
  return id;
}

const char *mp_sb_tolstring(lua_State *L, int idx, size_t *len) {
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
    case LUA_TTABLE: case LUA_TFUNCTION: case LUA_TUSERDATA: case LUA_TTHREAD:
    case LUA_TLIGHTUSERDATA:
      break;
    default:
      return luaL_tolstring(L, idx, len);
  }
  if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    return luaL_tolstring(L, idx, len);
  }
  int named = luaL_getmetafield(L, idx, "__name") == LUA_TSTRING;
  const char *kind = named ? lua_tostring(L, -1) : luaL_typename(L, idx);
  lua_Integer id = id_of(L, idx);
  lua_pushfstring(L, "%s: #%I", kind, id);
  if (named) lua_remove(L, -2);
  return lua_tolstring(L, -1, len);
}

int mp_sb_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  mp_sb_tolstring(L, 1, NULL);
  return 1;
}

/* string.format: '%p' refused, and what '%s' would show by address shown
** by id. Upvalue: Lua's format. */
int mp_sb_format(lua_State *L) {
  size_t len;
  const char *fmt = luaL_checklstring(L, 1, &len), *e = fmt + len;
  for (const char *p = fmt; p < e; p++) {
    if (*p != '%' || ++p >= e || *p == '%') continue;
    while (p < e && *p != '\0' && strchr("-+ #0123456789.", *p)) p++;
    if (p < e && *p == 'p')
      return luaL_error(L, "string.format: '%%p' shows a memory address, which differs "
                           "from run to run (tostring gives an id)");
  }
  int n = lua_gettop(L);
  for (int i = 2; i <= n; i++) {
    int t = lua_type(L, i);
    if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
        t == LUA_TLIGHTUSERDATA) {
      mp_sb_tolstring(L, i, NULL);
      lua_replace(L, i);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, 1);
  return 1;
}

/* }=================================================================== */
