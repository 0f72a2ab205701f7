/*
** hook_c_path.c: what the four C routes (hook_veto.c, hook_transform.c,
** hook_collect.c, hook_direct.c) share, below them and below the entry
** (hook_call.c), so that calls go one way: entry -> route -> here.
**   the reader    mp_c_path_attach (one userdata per dispatcher table,
**                 set on the play), mp_c_path_new, mp_count_hooks and
**                 mp_read_hooks (a route's hook records as flat lists
**                 {record, fn, source}), mp_record_mask (a narrowing);
**   the shell     mp_c_path_call: one sandboxed protected call per event,
**                 the game lent meanwhile, the sandbox's budgets;
**   the running   mp_set_running: which hook ctx names now (its state is
**   hook          its script's, so a change forgets the kept ctx.state);
**   answers       mp_bad_answer, mp_set_move_error, mp_pushleaders.
** Invariant: calls nothing above it in hooks/ (only host/, play/,
** sandbox/ and Lua), so the routes and the entry form no loop with it
** (tests/structure/loops_test.lua).
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "host.h"
#include "hooks.h"
#include "sandbox.h"

void mp_set_move_error(gk_play *play, const char *reader_msg) {
  static const char wrapper[] = "bad argument #";
  const char *open = strstr(reader_msg, " (");
  size_t n = strlen(reader_msg);
  if (strncmp(reader_msg, wrapper, sizeof wrapper - 1) == 0 && open && reader_msg[n - 1] == ')')
    gk_play_set_error(play, "collect: %.*s", (int)(reader_msg + n - 1 - (open + 2)), open + 2);
  else
    gk_play_set_error(play, "collect: %s", reader_msg);
}

int mp_bad_answer(lua_State *L, const char *at, const char *what, int idx) {
  return luaL_error(L, "%s: %s, not a %s", at, what, luaL_typename(L, idx));
}

/* A scoring event's leaders: a new list of player numbers. */
void mp_pushleaders(lua_State *L, uint32_t mask) {
  lua_newtable(L);
  for (int p = 0, n = 0; p < GK_MAX_PLAYERS; p++)
    if ((mask >> p) & 1) {
      lua_pushinteger(L, p + 1);
      lua_rawseti(L, -2, ++n);
    }
}

/* The record rec into flat[3i - 2 .. 3i] as {record, fn, source}, the
** record popped; read has it first, with what every path takes of it. */
static void flat_hook(lua_State *L, int flat, lua_Integer i, int e, int k, mp_hook_reader read, void *data) {
  int rec = lua_gettop(L);
  mp_hook_info h;
  if (lua_getfield(L, rec, "at") != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_getfield(L, rec, "script");
  }
  h.at = lua_tostring(L, -1); /* alive: the record holds it */
  lua_pop(L, 1);
  lua_getfield(L, rec, "fn");
  lua_Debug ar;
  lua_pushvalue(L, -1);
  lua_getinfo(L, ">Su", &ar);
  h.params = ar.isvararg ? INT_MAX : ar.nparams;
  lua_pushstring(L, ar.short_src);
  h.source = lua_tostring(L, -1); /* alive: the flat list holds it */
  lua_rawseti(L, flat, 3 * i);
  lua_rawseti(L, flat, 3 * i - 1);
  read(L, rec, e, k, &h, data);
  lua_rawseti(L, flat, 3 * i - 2);
}

uint64_t mp_read_hooks(lua_State *L, int t, const char *const *names, int n, int dest, int uv, int *first,
                       mp_hook_reader read, void *data) {
  t = lua_absindex(L, t);
  dest = lua_absindex(L, dest);
  uint64_t events = 0;
  int k = 0;
  for (int e = 0; e < n; e++) {
    first[e] = k;
    if (!names[e]) continue;
    if (lua_getfield(L, t, names[e]) == LUA_TTABLE) {
      events |= 1ull << e;
      int list = lua_gettop(L);
      lua_Integer len = (lua_Integer)lua_rawlen(L, list);
      lua_createtable(L, (int)(3 * len), 0);
      int flat = lua_gettop(L);
      for (lua_Integer i = 1; i <= len; i++, k++) {
        lua_rawgeti(L, list, i);
        flat_hook(L, flat, i, e, k, read, data);
      }
      if (uv) lua_setiuservalue(L, dest, uv + e);
      else lua_rawseti(L, dest, e + 1);
    }
    lua_pop(L, 1);
  }
  first[n] = k;
  return events;
}

void *mp_c_path_new(lua_State *L, int t, size_t head, size_t hook, int count, int nuv,
                    const char *const *fields, int nfields) {
  t = lua_absindex(L, t);
  size_t size = head + hook * (size_t)count;
  void *p = lua_newuserdatauv(L, size, nuv);
  memset(p, 0, size);
  for (int i = 0; i < nfields; i++) {
    if (fields[i]) lua_getfield(L, t, fields[i]);
    else lua_pushvalue(L, t);
    lua_setiuservalue(L, -2, i + 1);
  }
  return p;
}

uint64_t mp_record_mask(lua_State *L, int rec, const char *field, const gk_rules *r,
                        int (*find)(const gk_rules *, const char *), int bits, const char *what) {
  uint64_t mask = 0;
  if (lua_getfield(L, rec, field) == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, -1, i);
      int k = lua_type(L, -1) == LUA_TSTRING ? find(r, lua_tostring(L, -1)) : -1;
      if (k < 0 || k >= bits) luaL_error(L, "%s %d cannot be narrowed", what, k);
      mask |= 1ull << k;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return mask;
}

void mp_set_running(lua_State *L, int fields, int pv, int key_uv) {
  lua_getiuservalue(L, pv, key_uv);
  lua_insert(L, -2);
  lua_rawset(L, fields);
  lua_pushnil(L);
  lua_setfield(L, fields, "state");
}

int mp_count_hooks(lua_State *L, int t, const char *const *names, int n) {
  int count = 0;
  for (int e = 0; e < n; e++) {
    if (!names[e]) continue;
    if (lua_getfield(L, t, names[e]) == LUA_TTABLE) count += (int)lua_rawlen(L, -1);
    lua_pop(L, 1);
  }
  return count;
}

int mp_c_path_call(lua_State *L, mp_play *ud, gk_play *play, const mp_c_path *path, void *arg,
                   const gk_hook_call *c) {
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 32)) {
    gk_play_set_error(play, "out of memory");
    return GK_ENOMEM;
  }
  mp_sandbox *sb = mp_host_sandbox(ud->host);
  lua_getiuservalue(L, ud->self, path->uv);
  lua_getiuservalue(L, ud->self, 2);
  const mp_game *view = (const mp_game *)lua_touserdata(L, top + 2);
  if (!view->game) {
    gk_play_set_error(play, "attempt to use a freed game");
    lua_settop(L, top);
    return GK_EINVAL;
  }
  mp_sandbox_push_handler(sb);
  lua_pushcfunction(L, path->body);
  lua_pushlightuserdata(L, arg);
  lua_pushvalue(L, top + 1);
  lua_pushvalue(L, ud->self);
  lua_pushvalue(L, top + 2);
  mp_host_lend_game(ud->host, view->game);
  int st = mp_sandbox_call_with(sb, 4, top + 3, path->name_of(lua_touserdata(L, top + 1), c->hook));
  mp_host_lend_game(ud->host, NULL);
  lua_settop(L, top);
  if (st == MP_SANDBOX_OK) return GK_OK;
  gk_play_set_error(play, "%s", mp_sandbox_error(sb));
  return GK_EINVAL;
}

void *mp_c_path_attach(lua_State *L, int self, int opts, const char *field, const void *key, int uv,
                       void (*make)(lua_State *L, int t, mp_play *ud)) {
  self = lua_absindex(L, self);
  opts = lua_absindex(L, opts);
  mp_play *ud = mp_checkplayud(L, self);
  if (!mp_host_of(L) || lua_getfield(L, opts, field) != LUA_TTABLE) {
    lua_pop(L, 1);
    return NULL;
  }
  int t = lua_gettop(L);
  /* one per dispatcher table: its plays share the ctx it caches */
  if (lua_rawgetp(L, t, key) != LUA_TUSERDATA) {
    lua_pop(L, 1);
    make(L, t, ud);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, t, key);
  }
  void *data = lua_touserdata(L, -1);
  lua_setiuservalue(L, self, uv);
  lua_pop(L, 1);
  return data;
}
