/*
** sandbox_lib.c: what a script sees of the standard library.
**
** Invariant: a script reaches only G's names, through its environment's
** __index; G's tables (string, table, math, utf8) and the host's exposed
** tables are proxies whose real tables only C reaches. Replaced functions
** (load, setmetatable, rawset, print, collectgarbage, math.random; pairs,
** next, tostring and string.format in sandbox_order.c) keep a script from
** escaping the limits, the proxies or determinism; bounded
** ones (sandbox_bounds.c) keep single library calls inside the limits.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "one_line.h"
#include "sandbox_internal.h"

const char mp_sb_proxy_real_key = 'r';
const char mp_sb_proxy_deep_key = 'd';
#define proxy_real_key mp_sb_proxy_real_key
#define proxy_deep_key mp_sb_proxy_deep_key

/* {====================================================================
** Read-only proxies and environments
** ===================================================================== */

/* Pushes the real table behind the proxy at 'idx', or returns 0 (pushing
** nothing) if the value is no proxy. */
static int push_real(lua_State *L, int idx) {
  if (!lua_getmetatable(L, idx))  /* raw: ignores __metatable */
    return 0;
  if (lua_rawgetp(L, -1, &proxy_real_key) != LUA_TTABLE) {
    lua_pop(L, 2);
    return 0;
  }
  lua_remove(L, -2);
  return 1;
}

static int proxy_newindex(lua_State *L) {
  return luaL_error(L, "attempt to modify read-only table '%s'",
                    lua_tostring(L, lua_upvalueindex(1)));
}

#define push_proxy mp_sb_push_proxy

/* Replaces the table on top with its (cached) deep proxy. */
static void wrap_nested(lua_State *L, int parent_name_idx, int key_idx) {
  mp_sandbox *sb = getsb(L);
  parent_name_idx = lua_absindex(L, parent_name_idx);
  key_idx = lua_absindex(L, key_idx);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sb->ref_proxycache);
  lua_pushvalue(L, -2);
  if (lua_rawget(L, -2) == LUA_TTABLE) {  /* cached */
    lua_replace(L, -3);
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 2);
  if (lua_type(L, key_idx) == LUA_TSTRING)
    lua_pushfstring(L, "%s.%s", lua_tostring(L, parent_name_idx),
                    lua_tostring(L, key_idx));
  else
    lua_pushfstring(L, "%s[?]", lua_tostring(L, parent_name_idx));
  push_proxy(L, -2, lua_tostring(L, -1), 1);
  lua_replace(L, -3);
  lua_pop(L, 1);
}

/* __index of deep proxies; upvalues: real table, name. */
static int proxy_index(lua_State *L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_gettable(L, lua_upvalueindex(1)) == LUA_TTABLE)
    wrap_nested(L, lua_upvalueindex(2), 2);
  return 1;
}

static int proxy_len(lua_State *L) {
  if (!push_real(L, 1))
    return luaL_error(L, "not a proxy");
  lua_len(L, -1);
  return 1;
}

void mp_sb_proxy_value(lua_State *L, int proxy, int key) {
  if (lua_type(L, -1) != LUA_TTABLE) return;
  proxy = lua_absindex(L, proxy);
  key = lua_absindex(L, key);
  if (!lua_getmetatable(L, proxy)) return;
  int deep = lua_rawgetp(L, -1, &proxy_deep_key) != LUA_TNIL;
  lua_pop(L, 1);
  if (!deep) {
    lua_pop(L, 1);
    return;
  }
  lua_getfield(L, -1, "__name");
  lua_replace(L, -2);  /* value, name */
  lua_insert(L, -2);   /* name, value */
  wrap_nested(L, -2, key);
  lua_remove(L, -2);
}

/* The proxy's keys in pairs' order (sandbox_order.c). */
static int proxy_pairs(lua_State *L) {
  if (!push_real(L, 1))
    return luaL_error(L, "not a proxy");
  mp_sb_push_sorted_pairs(L, -1, 1, "pairs");
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* Pushes a read-only proxy of the table at 'idx' named by the string at
** name_idx, refusing writes with the __newindex at ni_idx (nothing
** popped). A deep proxy wraps the tables read through it too (for the
** host's tables); a shallow one forwards reads with a plain __index
** table (fast, for the libraries, whose fields are never tables). */
static void push_proxy_with(lua_State *L, int idx, int name_idx, int ni_idx, int deep) {
  mp_sandbox *sb = getsb(L);
  idx = lua_absindex(L, idx);
  lua_newtable(L);                      /* proxy */
  lua_createtable(L, 0, 8);             /* its metatable: 7 entries, 8 deep */
  if (deep) {
    lua_pushvalue(L, idx);
    lua_pushvalue(L, name_idx);
    lua_pushcclosure(L, proxy_index, 2);
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -3, &proxy_deep_key);
  } else {
    lua_pushvalue(L, idx);
  }
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, ni_idx);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, proxy_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, proxy_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushvalue(L, name_idx);
  lua_setfield(L, -2, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");   /* getmetatable(proxy) == false */
  lua_pushvalue(L, idx);
  lua_rawsetp(L, -2, &proxy_real_key);
  lua_setmetatable(L, -2);
  if (deep) {  /* one proxy per table, so equality works */
    lua_rawgeti(L, LUA_REGISTRYINDEX, sb->ref_proxycache);
    lua_pushvalue(L, idx);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 1);
  }
}

void mp_sb_push_proxy_newindex(lua_State *L, const char *name) {
  lua_pushstring(L, name);
  lua_pushcclosure(L, proxy_newindex, 1);
}

void mp_sb_push_shallow_proxy(lua_State *L, int idx, int name_idx, int ni_idx) {
  push_proxy_with(L, idx, lua_absindex(L, name_idx), lua_absindex(L, ni_idx), 0);
}

void mp_sb_push_proxy(lua_State *L, int idx, const char *name, int deep) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, name);
  mp_sb_push_proxy_newindex(L, name);
  push_proxy_with(L, idx, lua_gettop(L) - 1, lua_gettop(L), deep);
  lua_replace(L, -3);
  lua_pop(L, 1);
}

/* __index of every script environment; upvalue: G. A miss is an error
** when Lua code reads it (a typo in a script), but nil when C code does
** (the host probing a script for an optional function). */
static int env_index(lua_State *L) {
  lua_Debug ar;
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
    return 1;
  if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) &&
      ar.what[0] != 'C') {
    if (lua_type(L, 2) == LUA_TSTRING)
      return luaL_error(L, "read of undefined global '%s'",
                        lua_tostring(L, 2));
    return luaL_error(L, "read of undefined global [%s]",
                      luaL_typename(L, 2));
  }
  return 1;
}

/* Pushes a fresh environment: empty but for _G, reading through to G. */
void mp_sb_push_env(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  lua_createtable(L, 0, 4);
  lua_pushvalue(L, -1);
  lua_setfield(L, -2, "_G");
  lua_rawgeti(L, LUA_REGISTRYINDEX, sb->ref_envmt);
  lua_setmetatable(L, -2);
}

/* }=================================================================== */


/* {====================================================================
** Replaced library functions
** ===================================================================== */

/* load(chunk [, chunkname [, mode [, env]]]): text only; without an env
** the chunk gets a fresh sandbox environment. Upvalue: Lua's load. */
static int sb_load(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  unsigned refusals = sb->refusals;
  lua_settop(L, 4);
  if (lua_isnil(L, 4)) {
    mp_sb_push_env(L);
    lua_replace(L, 4);
  }
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  if (lua_type(L, 1) == LUA_TSTRING)  /* the parser reads every byte */
    mp_sb_charge(L, lua_rawlen(L, 1) + 1);
  for (int again = 0;; again = 1) {
    lua_settop(L, 4);  /* the arguments stay below, for a second try */
    lua_pushvalue(L, lua_upvalueindex(1));
    for (int i = 1; i <= 4; i++) lua_pushvalue(L, i);
    lua_call(L, 4, LUA_MULTRET);
    /* load catches errors of the reader function and of the parser */
    if (sb->trip != TRIP_NONE) {
      lua_settop(L, 6);
      lua_error(L);
    }
    if (lua_isnil(L, 5) && sb->refusals != refusals) {
      const char *msg = lua_tostring(L, 6);
      if (msg != NULL && strcmp(msg, "not enough memory") == 0) {
        mp_sb_set_trip(L, sb, TRIP_MEMORY);
        lua_error(L);
      }
    }
    if (!mp_sb_host_chunk(L, 5)) {
      if (lua_isfunction(L, 5)) mp_sb_mark_script(L, 5);
      break;
    }
    /* named exactly like a host chunk (sandbox_trust.c): another name */
    if (again || lua_type(L, 1) != LUA_TSTRING) {
      lua_settop(L, 0);
      luaL_pushfail(L);
      lua_pushliteral(L, "this chunk name is reserved for the host");
      return 2;
    }
    const char *name = luaL_optstring(L, 2, lua_tostring(L, 1));
    lua_pushfstring(L, name[0] == '@' ? "@./%s" : "=%s",
                    (name[0] == '@' || name[0] == '=') ? name + 1 : name);
    lua_replace(L, 2);
  }
  return lua_gettop(L) - 4;
}

/* Lua's setmetatable, but __gc is refused: a finalizer runs at a
** time the script does not control, outside any budget, and makes games
** depend on the collector's schedule. */
static int sb_setmetatable(lua_State *L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  if (t == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "__gc metamethods are not allowed in the sandbox");
    lua_pop(L, 1);
  }
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

/* Lua's rawset, refusing proxies (it would bypass their __newindex) and
** every table whose metatable is locked (__metatable set): those belong
** to the host or another script (ctx, ...), which guard them that way. */
static int sb_rawset(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  if (lua_getmetatable(L, 1)) {
    if (lua_rawgetp(L, -1, &proxy_real_key) != LUA_TNIL) {
      lua_getfield(L, -2, "__name");
      return luaL_error(L, "attempt to modify read-only table '%s'",
                        lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    if (lua_getfield(L, -1, "__metatable") != LUA_TNIL)
      return luaL_error(L, "rawset: the table is protected");
    lua_pop(L, 2);
  }
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

/* Only "count": the rest would let a script steer the collector (and so
** the timing of weak tables) or burn time outside the budget. */
static int sb_collectgarbage(lua_State *L) {
  mp_sb_in_memo(L, "collectgarbage");
  const char *opt = luaL_optstring(L, 1, "collect");
  if (strcmp(opt, "count") != 0)
    return luaL_error(L, "collectgarbage('%s') is not allowed in the sandbox",
                      opt);
  lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) +
                        (lua_Number)lua_gc(L, LUA_GCCOUNTB, 0) / 1024);
  return 1;
}

/* The default sink: stderr, so a script's output never mixes with the
** host's results on stdout (sim --json, records). */
void mp_sb_print_stderr(void *ud, const char *text, size_t len) {
  (void)ud;
  fwrite(text, 1, len, stderr);
}

static int sb_print(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  mp_sb_in_memo(L, "print");
  int i, n = lua_gettop(L);
  size_t len;
  const char *s;
  luaL_Buffer b;
  /* each value as text, on one line with its control characters escaped
  ** (one_line.h): a script's print forges no line of the host's output
  ** and sends a terminal no escape sequence */
  for (i = 1; i <= n; i++) {
    s = mp_sb_tolstring(L, i, &len);
    size_t w = mp_one_line(NULL, s, len);
    if (w != len) {
      luaL_Buffer e;
      mp_one_line(luaL_buffinitsize(L, &e, w), s, len);
      luaL_pushresultsize(&e, w);
      lua_replace(L, i);
      lua_pop(L, 1);
    } else {
      lua_replace(L, i);
    }
  }
  luaL_buffinit(L, &b);
  for (i = 1; i <= n; i++) {
    if (i > 1)
      luaL_addchar(&b, '\t');
    lua_pushvalue(L, i);
    luaL_addvalue(&b);
  }
  luaL_addchar(&b, '\n');
  luaL_pushresult(&b);
  s = lua_tolstring(L, -1, &len);
  sb->print(sb->print_ud, s, len);
  return 0;
}

static uint64_t draw(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  mp_sb_in_memo(L, "math.random");
  if (sb->rng == NULL)
    luaL_error(L, "math.random: the host gave no random number generator");
  return sb->rng(sb->rng_ud);
}

/* Lua 5.4's argument rules, on the game's RNG:
**   ()      float in [0,1): the top 53 bits of one draw, times 2^-53
**   (0)     an integer with all 64 bits of one draw
**   (m)     integer in [1,m];  (m,n) integer in [m,n]
** Integers are lo + r % k with k = n-m+1, rejecting draws r < 2^64 mod k
** so every value is exactly equally likely (each draw is rejected with
** probability < 1/2). The RNG is called only when the arguments are
** valid. */
static int sb_random(lua_State *L) {
  lua_Integer lo, up;
  uint64_t range, r;
  switch (lua_gettop(L)) {
    case 0:
      lua_pushnumber(L, (lua_Number)(draw(L) >> 11) * 0x1.0p-53);
      return 1;
    case 1:
      lo = 1;
      up = luaL_checkinteger(L, 1);
      if (up == 0) {
        lua_pushinteger(L, (lua_Integer)draw(L));
        return 1;
      }
      break;
    case 2:
      lo = luaL_checkinteger(L, 1);
      up = luaL_checkinteger(L, 2);
      break;
    default:
      return luaL_error(L, "wrong number of arguments");
  }
  luaL_argcheck(L, lo <= up, 1, "interval is empty");
  range = (uint64_t)up - (uint64_t)lo;
  if (range == UINT64_MAX) {
    r = draw(L);
  } else {
    uint64_t k = range + 1;
    uint64_t threshold = (0 - k) % k;  /* 2^64 mod k */
    int tries = 0;
    while ((r = draw(L)) < threshold) {
      /* a working RNG gets here with probability < 2^-100 */
      if (++tries == 100)
        return luaL_error(L, "math.random: the game's RNG looks broken "
                             "(100 draws below %I)", (lua_Integer)threshold);
    }
    r %= k;
  }
  lua_pushinteger(L, (lua_Integer)((uint64_t)lo + r));
  return 1;
}

static int sb_randomseed(lua_State *L) {
  return luaL_error(L, "math.randomseed is disabled: use the game's seed");
}

/* }=================================================================== */


/* {====================================================================
** Building the allow-list
** ===================================================================== */

/* Copies the named fields of the table at 'from' into the table on top. */
static void copy_fields(lua_State *L, int from, const char *const *names) {
  for (; *names != NULL; names++) {
    lua_getfield(L, from, *names);
    if (lua_isnil(L, -1))
      luaL_error(L, "sandbox: library field '%s' is missing", *names);
    lua_setfield(L, -2, *names);
  }
}

static const char *const base_names[] = {
  "assert", "error", "getmetatable", "ipairs", "rawequal", "rawget",
  "rawlen", "select", "tonumber", "type", "_VERSION", NULL
};
static const char *const string_names[] = {
  "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower",
  "match", "pack", "packsize", "rep", "reverse", "sub", "unpack", "upper",
  NULL
};
static const char *const table_names[] = {
  "concat", "insert", "move", "pack", "remove", "sort", "unpack", NULL
};
static const char *const math_names[] = {
  "abs", "acos", "asin", "atan", "ceil", "cos", "deg", "exp", "floor",
  "fmod", "huge", "log", "max", "maxinteger", "min", "mininteger", "modf",
  "pi", "rad", "sin", "sqrt", "tan", "tointeger", "type", "ult", NULL
};
static const char *const utf8_names[] = {
  "char", "charpattern", "codepoint", "codes", "len", "offset", NULL
};

/* Opens library 'name', builds the table of its allowed fields and
** leaves that table on top (the full library stays only in the
** registry's _LOADED, which scripts cannot reach). */
static void allowed_lib(lua_State *L, const char *name, lua_CFunction open,
                        const char *const *names) {
  luaL_requiref(L, name, open, 0);
  lua_newtable(L);
  copy_fields(L, -2, names);
  lua_remove(L, -2);
}

/* Sets G[name] to a proxy of the table on top, and pops it. */
static void set_lib(lua_State *L, int g, const char *name) {
  push_proxy(L, -1, name, 0);
  lua_setfield(L, g, name);
  lua_pop(L, 1);
}

static void set_wrapped(lua_State *L, int g, int base, const char *name,
                        lua_CFunction f) {
  lua_getfield(L, base, name);
  lua_pushcclosure(L, f, 1);
  lua_setfield(L, g, name);
}

int mp_sb_setup(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  int base, g;
  luaL_requiref(L, LUA_GNAME, luaopen_base, 0);
  base = lua_gettop(L);
  lua_newtable(L);
  g = lua_gettop(L);

  lua_newtable(L);  /* proxy cache: real table -> proxy, weak keys */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  sb->ref_proxycache = luaL_ref(L, LUA_REGISTRYINDEX);

  lua_pushvalue(L, g);  /* base functions */
  copy_fields(L, base, base_names);
  lua_pop(L, 1);
  set_wrapped(L, g, base, "load", sb_load);
  lua_pushcfunction(L, sb_setmetatable);
  lua_setfield(L, g, "setmetatable");
  lua_pushcfunction(L, sb_rawset);
  lua_setfield(L, g, "rawset");
  lua_pushcfunction(L, mp_sb_pcall);
  lua_setfield(L, g, "pcall");
  lua_pushcfunction(L, mp_sb_xpcall);
  lua_setfield(L, g, "xpcall");
  lua_pushcfunction(L, sb_print);
  lua_setfield(L, g, "print");
  lua_pushcfunction(L, sb_collectgarbage);
  lua_setfield(L, g, "collectgarbage");
  lua_pushcfunction(L, mp_sb_pairs);
  lua_setfield(L, g, "pairs");
  lua_pushcfunction(L, mp_sb_next);
  lua_setfield(L, g, "next");
  lua_pushcfunction(L, mp_sb_tostring);
  lua_setfield(L, g, "tostring");
  sb->ref_ids = LUA_NOREF;
  mp_sb_open_memo(L, g);

  allowed_lib(L, LUA_TABLIBNAME, luaopen_table, table_names);
  allowed_lib(L, LUA_STRLIBNAME, luaopen_string, string_names);
  mp_sb_bound_libs(L, -1, -2);
  lua_getfield(L, -1, "format");
  lua_pushcclosure(L, mp_sb_format, 1);
  lua_setfield(L, -2, "format");
  lua_pushliteral(L, "");  /* strings' metatable: ("x"):upper() */
  if (!lua_getmetatable(L, -1))
    return luaL_error(L, "sandbox: strings have no metatable");
  lua_pushvalue(L, -3);
  lua_setfield(L, -2, "__index");     /* allowed functions only */
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable"); /* getmetatable("") == false */
  lua_pop(L, 2);
  set_lib(L, g, LUA_STRLIBNAME);
  set_lib(L, g, LUA_TABLIBNAME);

  allowed_lib(L, LUA_MATHLIBNAME, luaopen_math, math_names);
  lua_pushcfunction(L, sb_random);
  lua_setfield(L, -2, "random");
  lua_pushcfunction(L, sb_randomseed);
  lua_setfield(L, -2, "randomseed");
  set_lib(L, g, LUA_MATHLIBNAME);

  allowed_lib(L, LUA_UTF8LIBNAME, luaopen_utf8, utf8_names);
  mp_sb_bound_utf8(L, -1);
  set_lib(L, g, LUA_UTF8LIBNAME);

  lua_createtable(L, 0, 2);  /* metatable of the environments */
  lua_pushvalue(L, g);
  lua_pushcclosure(L, env_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  sb->ref_envmt = luaL_ref(L, LUA_REGISTRYINDEX);

  lua_pushvalue(L, g);
  sb->ref_globals = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

/* }=================================================================== */

/* {====================================================================
** Sealed environments
** ===================================================================== */

int mp_sb_refuse_global(lua_State *L) {
  const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
  return luaL_error(L, "assignment to global '%s' after loading (a game must not "
                       "depend on the last one: keep data in ctx.state or in locals)", name);
}

/* Moves the globals of the environment at idx into a backing table that
** reads through to G, and makes the environment refuse writes: after
** loading, a script's globals stay as they were, so every game played in
** one process starts alike (sim --jobs 1, 2 and 4 agree). */
void mp_sb_seal_env(lua_State *L, int idx) {
  mp_sandbox *sb = getsb(L);
  idx = lua_absindex(L, idx);
  lua_newtable(L);
  int backing = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, backing);
  }
  lua_pushnil(L);
  while (lua_next(L, idx)) {  /* clearing existing fields is allowed */
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, idx);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, sb->ref_envmt);
  lua_setmetatable(L, backing);
  lua_createtable(L, 0, 3);
  lua_pushvalue(L, backing);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, mp_sb_refuse_global);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, idx);
  lua_settop(L, backing - 1);
}
