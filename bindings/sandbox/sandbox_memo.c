/*
** sandbox_memo.c: rule data a script computes once and keeps for every
** game, without giving games a channel to one another.
**
** Every game starts from the scripts' state after loading
** (sandbox_fresh.c), so a cache a script fills in its hooks is emptied
** and filled again in every game (Hunters & Gatherers: +17% instructions
** a game, most of it reading tile definitions again). memo(fn) is a
** cache that survives, safe by construction: what it holds depends on
** the rules and the key only, never on a game.
**   * fn may use its arguments and the library only: a local of the
**     script (an upvalue other than _ENV) is refused when memo is
**     called, and fn's globals are a fresh sealed environment over the
**     library (not the script's globals, which hold tables a game can
**     fill). Inside fn, math.random, print, collectgarbage and the ids
**     tostring gives to tables (sandbox_order.c) are refused: each
**     depends on the game.
**   * fn is called as fn(rules, key), rules being what the host bound
**     (mp_sandbox_snapshot: the rules just built), key a string, number
**     or boolean.
**   * What fn returns is kept: a string, number or boolean as it is, a
**     table made read-only through and through (a shallow read-only
**     proxy per table, sandbox_lib.c: reads cost one more table lookup);
**     a function, handle, coroutine, a table used as a key or a table
**     with a metatable is refused: each could carry a game's state into
**     the next. nil is not kept (fn runs again next time).
** memo returns that read-only table (m[key] computes on the first read,
** then is a plain table read). It is a proxy, so sandbox_fresh.c does not
** walk it, and scripts cannot write it (rawset refuses proxies).
**
** Layout: the proxy's real table 'kept' has a metatable whose __index is
** memo_miss (upvalues: fn, the binding cell, a name, and the one
** write-refusing __newindex every proxy of this memo shares: a frozen
** value of ten tables makes ten proxies, not ten closures more). The
** binding cell (a table, [1] = rules) is registered in the pending list
** until a snapshot binds it.
*/
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

static const char pending_key = 'p';

static void push_pending(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &pending_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &pending_key);
  }
}

void mp_sb_memo_bind(lua_State *L, int rules) {
  rules = lua_absindex(L, rules);
  push_pending(L);
  lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, i);
    lua_pushvalue(L, rules);
    lua_rawseti(L, -2, 1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_newtable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &pending_key);
}

/* The value on top, made read-only for keeping; 'seen' maps tables made
** so far to their proxies (shared parts stay shared, cycles end). Called
** by memo_miss: its upvalues 3 and 4 (the memo's name and its one
** write-refusing __newindex) are every proxy's, not made per table. */
static void freeze(lua_State *L, int seen, const char *name) {
  int t = lua_gettop(L);
  switch (lua_type(L, t)) {
    case LUA_TNIL: case LUA_TBOOLEAN: case LUA_TNUMBER: case LUA_TSTRING:
      return;
    case LUA_TTABLE: break;
    default:
      luaL_error(L, "memo '%s': a value may hold strings, numbers, booleans and tables, "
                    "not a %s (it could carry one game's state into the next)",
                 name, luaL_typename(L, t));
  }
  lua_pushvalue(L, t);
  if (lua_rawget(L, seen) == LUA_TTABLE) {
    lua_replace(L, t);
    return;
  }
  lua_pop(L, 1);
  if (lua_getmetatable(L, t))
    luaL_error(L, "memo '%s': a value's table has a metatable", name);
  luaL_checkstack(L, 8, "memo value nested too deeply");
  mp_sb_push_shallow_proxy(L, t, lua_upvalueindex(3), lua_upvalueindex(4));
  lua_pushvalue(L, t);
  lua_pushvalue(L, -2);
  lua_rawset(L, seen);
  lua_pushnil(L);
  while (lua_next(L, t)) {  /* values become their proxies, in place */
    if (lua_type(L, -2) == LUA_TTABLE)
      luaL_error(L, "memo '%s': a table is used as a key", name);
    if (lua_type(L, -1) == LUA_TTABLE) {
      freeze(L, seen, name);
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, t);  /* an existing key: next goes on */
    } else {
      freeze(L, seen, name);
      lua_pop(L, 1);
    }
  }
  lua_replace(L, t);
}

/* __index of a memo's kept table: (kept, key). Upvalues: fn, the binding
** cell, the name, the proxies' __newindex. */
static int memo_miss(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  const char *name = lua_tostring(L, lua_upvalueindex(3));
  int kt = lua_type(L, 2);
  lua_settop(L, 2);
  if (kt != LUA_TSTRING && kt != LUA_TNUMBER && kt != LUA_TBOOLEAN)
    return luaL_error(L, "memo '%s': a key must be a string, number or boolean, not a %s",
                      name, luaL_typename(L, 2));
  lua_rawgeti(L, lua_upvalueindex(2), 1);
  if (lua_isnil(L, -1))
    return luaL_error(L, "memo '%s': read before the rules are built (read it in a hook "
                         "or a formula)", name);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, -2);
  lua_pushvalue(L, 2);
  sb->memo_depth++;
  int status = lua_pcall(L, 2, 1, 0);
  sb->memo_depth--;
  if (status != LUA_OK) return lua_error(L);
  lua_newtable(L);
  lua_insert(L, -2);
  freeze(L, lua_gettop(L) - 1, name);
  if (!lua_isnil(L, -1)) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
  }
  return 1;
}

/* memo(fn [, name]) -> a read-only table; see above. */
static int sb_memo(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  const char *name = luaL_optstring(L, 2, "memo");
  lua_settop(L, 2);
  if (lua_iscfunction(L, 1))
    return luaL_error(L, "memo '%s': the function must be a script's", name);
  int env = 0;
  const char *up;
  for (int i = 1; (up = lua_getupvalue(L, 1, i)) != NULL; i++) {
    lua_pop(L, 1);
    if (strcmp(up, "_ENV") != 0)
      return luaL_error(L, "memo '%s': the function uses the local '%s' (its value could "
                           "change from game to game); a memo's function may use only its "
                           "arguments and the library", name, up);
    env = i;
  }
  if (env) {  /* its own globals: the library, sealed */
    if (luaL_loadstring(L, "local e = ... return function() return e end") != LUA_OK)
      return lua_error(L);
    mp_sb_push_env(L);
    mp_sb_seal_env(L, -1);
    lua_call(L, 1, 1);
    lua_upvaluejoin(L, 1, env, -1, 1);
    lua_pop(L, 1);
  }
  lua_newtable(L);            /* kept (the proxy's real table) */
  int kept = lua_gettop(L);
  lua_createtable(L, 0, 1);   /* its metatable */
  lua_pushstring(L, name);
  mp_sb_push_proxy_newindex(L, name);  /* one for every proxy of this memo */
  lua_pushvalue(L, 1);
  lua_newtable(L);            /* the binding cell */
  push_pending(L);
  lua_pushvalue(L, -2);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  lua_pop(L, 1);
  lua_pushvalue(L, -4);       /* fn, cell, name, newindex */
  lua_pushvalue(L, -4);
  lua_pushcclosure(L, memo_miss, 4);
  lua_setfield(L, -4, "__index");
  lua_pushvalue(L, -3);
  lua_setmetatable(L, kept);
  mp_sb_push_shallow_proxy(L, kept, -2, -1);
  return 1;
}

void mp_sb_open_memo(lua_State *L, int g) {
  lua_pushcfunction(L, sb_memo);
  lua_setfield(L, g, "memo");
}

int mp_sb_in_memo(lua_State *L, const char *what) {
  if (getsb(L)->memo_depth > 0)
    return luaL_error(L, "%s inside a memo's function: it would depend on the game", what);
  return 0;
}
