/*
** sandbox.c: the sandbox that runs untrusted rule scripts.
** See sandbox.h for the contract and docs/sandbox.md for what scripts see.
**
** Layout of one sandbox:
**   mp_sandbox        C struct: limits, counters, callbacks, last error.
**                     It is the allocator's ud and sits in the state's
**                     extra space, so every C function and the hook find
**                     it without globals.
**   G (registry ref)  the shared table of allowed globals. Never visible
**                     to scripts: each chunk's _ENV is a fresh table whose
**                     metatable's __index reads G and raises on a miss.
**   proxies           the library tables in G (string, math, ...) and the
**                     host's exposed tables are empty proxies whose
**                     metatable forwards reads and refuses writes; the
**                     real tables are reachable only from C.
*/
#include "sandbox.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

enum { TRIP_NONE = 0, TRIP_BUDGET, TRIP_MEMORY };

/* The count hook fires every HOOK_STEP instructions: often enough to stop
** a loop within microseconds, rarely enough to cost nothing measurable. */
#define HOOK_STEP 1000
#define WHERE_MAX 160

struct mp_sandbox {
  lua_State *L;
  size_t used;            /* bytes allocated by the state */
  size_t cap;             /* refuse growth past this while a script runs */
  long budget;            /* instructions per outermost call */
  long remaining;         /* left in the running call */
  int step;               /* count the hook is armed with */
  int depth;              /* nesting of mp_sandbox_call; 0 = host code */
  int trip;               /* TRIP_*: a limit fired in the running call */
  unsigned refusals;      /* growth requests the allocator refused */
  mp_rng_fn rng;
  void *rng_ud;
  mp_print_fn print;
  void *print_ud;
  int ref_globals;        /* registry refs, see the layout above */
  int ref_envmt;
  int ref_proxycache;
  char callee[WHERE_MAX];      /* script being called, for messages */
  char trip_where[WHERE_MAX];  /* "file:line: " where the budget ran out */
  char mem_where[WHERE_MAX];   /* "file:line: " of the refused allocation */
  char *err;                   /* last error message (malloc'd) */
  size_t errcap;
};

/* Keys of the proxies' metatables. Only their addresses matter. */
static const char proxy_real_key = 'r';
static const char proxy_deep_key = 'd';

static mp_sandbox *getsb(lua_State *L) {
  return *(mp_sandbox **)lua_getextraspace(L);
}


/* {====================================================================
** Memory
** ===================================================================== */

/* Records where the refused allocation happened: the innermost Lua
** function on the stack. Only reads CallInfo data that the VM keeps
** valid across any allocation (it saves pc before anything that may
** allocate), and lua_getinfo with "Sl" allocates nothing. */
static void note_alloc_site(mp_sandbox *sb) {
  lua_Debug ar;
  int level;
  sb->mem_where[0] = '\0';
  for (level = 0; lua_getstack(sb->L, level, &ar); level++) {
    if (lua_getinfo(sb->L, "Sl", &ar) && ar.currentline > 0) {
      snprintf(sb->mem_where, sizeof sb->mem_where, "%s:%d: ",
               ar.short_src, ar.currentline);
      return;
    }
  }
}

/* Counts every byte. Growth is refused past the cap only while a script
** runs (depth > 0), so the host's own API calls never fail on the cap.
** Shrinks and frees never fail, as Lua requires. */
static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  mp_sandbox *sb = (mp_sandbox *)ud;
  void *p;
  if (ptr == NULL)
    osize = 0;  /* then 'osize' is a type tag */
  if (nsize == 0) {
    free(ptr);
    sb->used -= osize;
    return NULL;
  }
  if (nsize > osize && sb->depth > 0 &&
      (sb->used > sb->cap || nsize - osize > sb->cap - sb->used)) {
    sb->refusals++;
    if (sb->trip == TRIP_NONE)  /* the last refusal before the error */
      note_alloc_site(sb);
    return NULL;
  }
  p = realloc(ptr, nsize);
  if (p == NULL) {
    if (nsize <= osize) {  /* a failed shrink keeps the old block */
      sb->used -= osize - nsize;
      return ptr;
    }
    return NULL;
  }
  sb->used = sb->used - osize + nsize;
  return p;
}

static void format_size(char *buf, size_t n, size_t bytes) {
  if (bytes >= ((size_t)1 << 20) && bytes % ((size_t)1 << 20) == 0)
    snprintf(buf, n, "%zu MiB", bytes >> 20);
  else if (bytes >= 1024 && bytes % 1024 == 0)
    snprintf(buf, n, "%zu KiB", bytes >> 10);
  else
    snprintf(buf, n, "%zu bytes", bytes);
}

/* }=================================================================== */


/* {====================================================================
** Limits that a script cannot catch
** ===================================================================== */

static void sb_hook(lua_State *L, lua_Debug *ar);

/* A limit fired: from now until the outermost call returns, the hook
** raises at every instruction, and the wrapped pcall/xpcall/load
** re-raise. */
static void set_trip(lua_State *L, mp_sandbox *sb, int kind) {
  if (sb->trip == TRIP_NONE)
    sb->trip = kind;
  lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
}

static void sb_hook(lua_State *L, lua_Debug *ar) {
  mp_sandbox *sb = getsb(L);
  if (sb->depth == 0)
    return;
  if (sb->trip == TRIP_NONE) {
    sb->remaining -= sb->step;
    if (sb->remaining > 0) {
      if (sb->remaining < sb->step) {  /* end exactly on the budget */
        sb->step = (int)sb->remaining;
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, sb->step);
      }
      return;
    }
    sb->trip_where[0] = '\0';
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
      snprintf(sb->trip_where, sizeof sb->trip_where, "%s:%d: ",
               ar->short_src, ar->currentline);
    set_trip(L, sb, TRIP_BUDGET);
  }
  if (sb->trip == TRIP_BUDGET) {
    char msg[64];
    snprintf(msg, sizeof msg, "%ld", sb->budget);
    lua_pushfstring(L, "%sinstruction budget exceeded (%s instructions)",
                    sb->trip_where, msg);
  } else {
    lua_pushliteral(L, "memory cap exceeded");
  }
  lua_error(L);
}

/* After a protected call inside the script failed with 'status': if a
** limit fired, propagate the error object on top instead of returning
** it to the script. */
static void rethrow_limits(lua_State *L, int status) {
  mp_sandbox *sb = getsb(L);
  if (status == LUA_ERRMEM)
    set_trip(L, sb, TRIP_MEMORY);
  if (sb->trip != TRIP_NONE)
    lua_error(L);
}

static int sb_pcall(lua_State *L) {
  int status;
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);  /* first result if no errors */
  lua_insert(L, 1);
  status = lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0);
  if (status != LUA_OK) {
    rethrow_limits(L, status);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L);
}

/* The script's message handler does not run once a limit fired: it would
** only be stopped by the hook again. */
static int sb_msgh(lua_State *L) {
  if (getsb(L)->trip != TRIP_NONE)
    return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int sb_xpcall(lua_State *L) {
  int status;
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, sb_msgh, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);  /* first result */
  lua_pushvalue(L, 1);    /* function */
  lua_rotate(L, 3, 2);    /* move them below the function's arguments */
  status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
  if (status != LUA_OK) {
    rethrow_limits(L, status);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - 2;
}

/* }=================================================================== */


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

static void push_proxy(lua_State *L, int idx, const char *name, int deep);

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

static int proxy_next(lua_State *L) {
  int deep;
  lua_settop(L, 2);
  if (!lua_getmetatable(L, 1))
    return luaL_error(L, "not a proxy");
  deep = lua_rawgetp(L, 3, &proxy_deep_key) != LUA_TNIL;
  lua_settop(L, 2);
  if (!push_real(L, 1))
    return luaL_error(L, "not a proxy");
  lua_pushvalue(L, 2);
  if (!lua_next(L, 3))
    return 0;
  if (deep && lua_type(L, -1) == LUA_TTABLE) {
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__name");
    lua_replace(L, -2);                   /* name */
    lua_insert(L, -2);                    /* key, name, value */
    wrap_nested(L, -2, -3);
    lua_remove(L, -2);
  }
  return 2;
}

static int proxy_pairs(lua_State *L) {
  lua_pushcfunction(L, proxy_next);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* Pushes a read-only proxy of the table at 'idx'. A deep proxy wraps the
** tables read through it too (for the host's tables); a shallow one
** forwards reads with a plain __index table (fast, for the libraries,
** whose fields are never tables). */
static void push_proxy(lua_State *L, int idx, const char *name, int deep) {
  mp_sandbox *sb = getsb(L);
  idx = lua_absindex(L, idx);
  lua_newtable(L);                      /* proxy */
  lua_createtable(L, 0, 9);             /* its metatable */
  if (deep) {
    lua_pushvalue(L, idx);
    lua_pushstring(L, name);
    lua_pushcclosure(L, proxy_index, 2);
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -3, &proxy_deep_key);
  } else {
    lua_pushvalue(L, idx);
  }
  lua_setfield(L, -2, "__index");
  lua_pushstring(L, name);
  lua_pushcclosure(L, proxy_newindex, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, proxy_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, proxy_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushstring(L, name);
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
static void push_env(lua_State *L) {
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
    push_env(L);
    lua_replace(L, 4);
  }
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 4, LUA_MULTRET);
  /* load catches errors of the reader function and of the parser */
  if (sb->trip != TRIP_NONE) {
    lua_settop(L, 2);
    lua_error(L);
  }
  if (lua_isnil(L, 1) && sb->refusals != refusals) {
    const char *msg = lua_tostring(L, 2);
    if (msg != NULL && strcmp(msg, "not enough memory") == 0) {
      set_trip(L, sb, TRIP_MEMORY);
      lua_error(L);
    }
  }
  return lua_gettop(L);
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

/* Lua's rawset, refusing proxies (it would bypass their __newindex). */
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
    lua_pop(L, 2);
  }
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

/* Only "count": the rest would let a script steer the collector (and so
** the timing of weak tables) or burn time outside the budget. */
static int sb_collectgarbage(lua_State *L) {
  const char *opt = luaL_optstring(L, 1, "collect");
  if (strcmp(opt, "count") != 0)
    return luaL_error(L, "collectgarbage('%s') is not allowed in the sandbox",
                      opt);
  lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) +
                        (lua_Number)lua_gc(L, LUA_GCCOUNTB, 0) / 1024);
  return 1;
}

static void print_stdout(void *ud, const char *text, size_t len) {
  (void)ud;
  fwrite(text, 1, len, stdout);
  fflush(stdout);
}

static int sb_print(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  int i, n = lua_gettop(L);
  size_t len;
  const char *s;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (i = 1; i <= n; i++) {
    if (i > 1)
      luaL_addchar(&b, '\t');
    luaL_tolstring(L, i, NULL);
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
  "assert", "error", "getmetatable", "ipairs", "next", "pairs",
  "rawequal", "rawget", "rawlen", "select", "tonumber", "tostring",
  "type", "_VERSION", NULL
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

static int sb_setup(lua_State *L) {
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
  lua_pushcfunction(L, sb_pcall);
  lua_setfield(L, g, "pcall");
  lua_pushcfunction(L, sb_xpcall);
  lua_setfield(L, g, "xpcall");
  lua_pushcfunction(L, sb_print);
  lua_setfield(L, g, "print");
  lua_pushcfunction(L, sb_collectgarbage);
  lua_setfield(L, g, "collectgarbage");

  allowed_lib(L, LUA_STRLIBNAME, luaopen_string, string_names);
  lua_pushliteral(L, "");  /* strings' metatable: ("x"):upper() */
  if (!lua_getmetatable(L, -1))
    return luaL_error(L, "sandbox: strings have no metatable");
  lua_pushvalue(L, -3);
  lua_setfield(L, -2, "__index");     /* allowed functions only */
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable"); /* getmetatable("") == false */
  lua_pop(L, 2);
  set_lib(L, g, LUA_STRLIBNAME);

  allowed_lib(L, LUA_TABLIBNAME, luaopen_table, table_names);
  set_lib(L, g, LUA_TABLIBNAME);

  allowed_lib(L, LUA_MATHLIBNAME, luaopen_math, math_names);
  lua_pushcfunction(L, sb_random);
  lua_setfield(L, -2, "random");
  lua_pushcfunction(L, sb_randomseed);
  lua_setfield(L, -2, "randomseed");
  set_lib(L, g, LUA_MATHLIBNAME);

  allowed_lib(L, LUA_UTF8LIBNAME, luaopen_utf8, utf8_names);
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
** API
** ===================================================================== */

static void set_error(mp_sandbox *sb, const char *fmt, ...) {
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(sb->err, sb->errcap, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n >= sb->errcap) {
    char *e = (char *)realloc(sb->err, (size_t)n + 1);
    if (e != NULL) {
      sb->err = e;
      sb->errcap = (size_t)n + 1;
      va_start(ap, fmt);
      vsnprintf(sb->err, sb->errcap, fmt, ap);
      va_end(ap);
    }  /* else: keep the truncated message */
  }
}

static void apply_limits(mp_sandbox *sb, const mp_sandbox_limits *limits) {
  sb->cap = (limits != NULL && limits->memory_cap > 0)
                ? limits->memory_cap : MP_SANDBOX_DEFAULT_MEMORY_CAP;
  sb->budget = (limits != NULL && limits->instruction_budget > 0)
                   ? limits->instruction_budget : MP_SANDBOX_DEFAULT_BUDGET;
}

mp_sandbox *mp_sandbox_new(const mp_sandbox_limits *limits, mp_rng_fn rng,
                           void *rng_ud) {
  mp_sandbox *sb = (mp_sandbox *)calloc(1, sizeof *sb);
  if (sb == NULL)
    return NULL;
  apply_limits(sb, limits);
  sb->rng = rng;
  sb->rng_ud = rng_ud;
  sb->print = print_stdout;
  sb->errcap = 256;
  sb->err = (char *)calloc(1, sb->errcap);
  if (sb->err == NULL) {
    free(sb);
    return NULL;
  }
  sb->L = lua_newstate(sb_alloc, sb);
  if (sb->L == NULL) {
    free(sb->err);
    free(sb);
    return NULL;
  }
  *(mp_sandbox **)lua_getextraspace(sb->L) = sb;
  lua_pushcfunction(sb->L, sb_setup);
  if (lua_pcall(sb->L, 0, 0, 0) != LUA_OK) {
    mp_sandbox_free(sb);
    return NULL;
  }
  return sb;
}

void mp_sandbox_free(mp_sandbox *sb) {
  if (sb == NULL)
    return;
  lua_close(sb->L);
  free(sb->err);
  free(sb);
}

lua_State *mp_sandbox_lua(mp_sandbox *sb) {
  return sb->L;
}

const char *mp_sandbox_error(const mp_sandbox *sb) {
  return sb->err;
}

size_t mp_sandbox_memory(const mp_sandbox *sb) {
  return sb->used;
}

void mp_sandbox_set_limits(mp_sandbox *sb, const mp_sandbox_limits *limits) {
  apply_limits(sb, limits);
}

void mp_sandbox_get_limits(const mp_sandbox *sb, mp_sandbox_limits *limits) {
  limits->memory_cap = sb->cap;
  limits->instruction_budget = sb->budget;
}

void mp_sandbox_set_print(mp_sandbox *sb, mp_print_fn fn, void *ud) {
  sb->print = fn != NULL ? fn : print_stdout;
  sb->print_ud = fn != NULL ? ud : NULL;
}

static void set_callee(mp_sandbox *sb, const char *name) {
  size_t n = strlen(name);
  if (n >= sizeof sb->callee) n = sizeof sb->callee - 1;
  memcpy(sb->callee, name, n);
  sb->callee[n] = '\0';
}

/* The script a function comes from, for messages ("?" for a C function). */
static void set_callee_of(mp_sandbox *sb, int idx) {
  lua_State *L = sb->L;
  lua_Debug ar;
  lua_pushvalue(L, idx);
  if (lua_isfunction(L, -1)) {
    lua_getinfo(L, ">S", &ar);
    set_callee(sb, ar.short_src);
  } else {
    lua_pop(L, 1);
    set_callee(sb, "?");
  }
}

/* The body of mp_sandbox_call: everything but argument checks. 'name'
** names the script for messages that have no better location; NULL
** takes it from the function being called. Hooks call here once per event,
** so only the outermost call pays for finding the name. */
static int protected_call(mp_sandbox *sb, int nargs, int nresults,
                          const char *name) {
  lua_State *L = sb->L;
  int outer = sb->depth == 0;
  int status, rc = MP_SANDBOX_OK;
  if (outer) {
    sb->trip = TRIP_NONE;
    sb->refusals = 0;
    sb->remaining = sb->budget;
    sb->step = sb->budget < HOOK_STEP ? (int)sb->budget : HOOK_STEP;
    if (name != NULL) set_callee(sb, name);
    else set_callee_of(sb, -(nargs + 1));
    lua_sethook(L, sb_hook, LUA_MASKCOUNT, sb->step);
  }
  sb->depth++;
  status = lua_pcall(L, nargs, nresults, 0);
  sb->depth--;
  if (status != LUA_OK) {
    if (status == LUA_ERRMEM)  /* nested: stop the outer script too */
      set_trip(L, sb, TRIP_MEMORY);
    if (sb->trip == TRIP_BUDGET) {
      rc = MP_SANDBOX_EBUDGET;
      set_error(sb, "%sinstruction budget exceeded (%ld instructions)",
                sb->trip_where[0] ? sb->trip_where : "", sb->budget);
    } else if (sb->trip == TRIP_MEMORY) {
      char cap[32];
      rc = MP_SANDBOX_EMEMORY;
      format_size(cap, sizeof cap, sb->cap);
      if (sb->refusals == 0)  /* the system, not the cap */
        set_error(sb, "%s: not enough memory", sb->callee);
      else if (sb->mem_where[0])
        set_error(sb, "%smemory cap exceeded (cap %s)", sb->mem_where, cap);
      else
        set_error(sb, "%s: memory cap exceeded (cap %s)", sb->callee, cap);
    } else {
      rc = MP_SANDBOX_ERROR;
      switch (lua_type(L, -1)) {
        case LUA_TSTRING: case LUA_TNUMBER:
          set_error(sb, "%s", lua_tostring(L, -1));
          break;
        default:
          set_error(sb, "%s: (error object is a %s value)", sb->callee,
                    luaL_typename(L, -1));
      }
    }
    lua_pop(L, 1);
  }
  if (outer) {
    lua_sethook(L, NULL, 0, 0);
    if (sb->trip != TRIP_NONE) {
      sb->trip = TRIP_NONE;
      lua_gc(L, LUA_GCCOLLECT);  /* give the next call its memory back */
    }
  }
  return rc;
}

int mp_sandbox_call(mp_sandbox *sb, int nargs, int nresults) {
  lua_State *L = sb->L;
  sb->err[0] = '\0';
  if (nargs < 0 || lua_gettop(L) < nargs + 1 || !lua_checkstack(L, 2)) {
    set_error(sb, "mp_sandbox_call: bad stack (%d arguments)", nargs);
    return MP_SANDBOX_EINVAL;
  }
  return protected_call(sb, nargs, nresults, NULL);
}

/* Runs inside the protected call: (code, len, chunkname) -> env, ... */
static int run_chunk(lua_State *L) {
  const char *code = (const char *)lua_touserdata(L, 1);
  size_t len = (size_t)lua_tointeger(L, 2);
  const char *name = lua_tostring(L, 3);  /* kept alive on the stack */
  int extra = lua_istable(L, 4);
  if (extra) lua_insert(L, 1);            /* extra, code, len, name */
  if (extra) {
    code = (const char *)lua_touserdata(L, 2);
    len = (size_t)lua_tointeger(L, 3);
    name = lua_tostring(L, 4);
  }
  push_env(L);
  if (extra) {
    /* the host's names for this chunk, set before it runs */
    int env = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, env);
    }
    lua_remove(L, 1);                      /* code, len, name, env */
  }
  if (luaL_loadbufferx(L, code, len, name, "t") != LUA_OK)
    return lua_error(L);
  lua_pushvalue(L, 4);
  if (lua_setupvalue(L, -2, 1) == NULL)  /* _ENV */
    lua_pop(L, 1);
  lua_rotate(L, 1, -3);  /* env, chunk, code, len, name */
  lua_settop(L, 2);
  lua_call(L, 0, LUA_MULTRET);
  return lua_gettop(L);
}

static int run_common(mp_sandbox *sb, const char *chunkname, const char *code,
                      size_t len, int nresults, int with_names) {
  lua_State *L = sb->L;
  char src[WHERE_MAX];
  sb->err[0] = '\0';
  if (chunkname == NULL || code == NULL || !lua_checkstack(L, 6) ||
      (nresults < 0 && nresults != LUA_MULTRET) ||
      (with_names && !lua_istable(L, -1))) {
    if (with_names) lua_pop(L, 1);
    set_error(sb, "mp_sandbox_run: bad arguments");
    return MP_SANDBOX_EINVAL;
  }
  int names = with_names ? lua_absindex(L, -1) : 0;
  lua_pushcfunction(L, run_chunk);
  lua_pushlightuserdata(L, (void *)code);
  lua_pushinteger(L, (lua_Integer)len);
  lua_pushstring(L, chunkname);
  if (with_names) {
    lua_pushvalue(L, names);
    lua_remove(L, names);
  }
  /* like Lua's short_src, for messages without a line */
  if (chunkname[0] == '@' || chunkname[0] == '=')
    snprintf(src, sizeof src, "%s", chunkname + 1);
  else
    snprintf(src, sizeof src, "[string \"%.40s\"]", chunkname);
  return protected_call(sb, with_names ? 4 : 3,
                        nresults == LUA_MULTRET ? LUA_MULTRET : nresults + 1,
                        src);
}

int mp_sandbox_run(mp_sandbox *sb, const char *chunkname, const char *code,
                   size_t len, int nresults) {
  return run_common(sb, chunkname, code, len, nresults, 0);
}

int mp_sandbox_run_with(mp_sandbox *sb, const char *chunkname, const char *code,
                        size_t len, int nresults) {
  return run_common(sb, chunkname, code, len, nresults, 1);
}

static int expose_value(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  const char *name = (const char *)lua_touserdata(L, 2);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sb->ref_globals);
  if (lua_getfield(L, 3, name) != LUA_TNIL)
    return luaL_error(L, "mp_sandbox_expose: global '%s' already exists",
                      name);
  lua_pop(L, 1);
  if (lua_type(L, 1) == LUA_TTABLE)
    push_proxy(L, 1, name, 1);
  else
    lua_pushvalue(L, 1);
  lua_setfield(L, 3, name);
  return 0;
}

int mp_sandbox_expose(mp_sandbox *sb, const char *name) {
  lua_State *L = sb->L;
  sb->err[0] = '\0';
  if (name == NULL || lua_gettop(L) < 1 || !lua_checkstack(L, 3)) {
    set_error(sb, "mp_sandbox_expose: bad arguments");
    return MP_SANDBOX_EINVAL;
  }
  lua_pushcfunction(L, expose_value);
  lua_insert(L, -2);
  lua_pushlightuserdata(L, (void *)name);
  if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
    set_error(sb, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return MP_SANDBOX_EINVAL;
  }
  return MP_SANDBOX_OK;
}

/* }=================================================================== */
