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
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "one_line.h"
#include "sandbox_internal.h"

/* {====================================================================
** Memory
** ===================================================================== */

/* Records where the refused allocation happened: the innermost script
** frame, else the innermost Lua frame. Host frames are skipped because
** which allocation crosses the cap depends on the whole state's size, so
** a script's bomb may trip inside a host helper it called; the message
** must still name the script. The first script frame noted in a call is
** kept: once the script's own allocation was refused, the host code that
** unwinds its error may be refused too (the script's memory is not freed
** yet), and by then the script's frame is gone. Only reads CallInfo data
** that the VM keeps valid across any allocation (it saves pc before
** anything that may allocate), and lua_getinfo with "Sl" allocates
** nothing. */
static void note_alloc_site(mp_sandbox *sb) {
  lua_Debug ar;
  int level, found = 0;
  if (sb->mem_where_kept) return;
  sb->mem_where[0] = '\0';
  for (level = 0; lua_getstack(sb->L, level, &ar); level++) {
    if (!lua_getinfo(sb->L, "Sl", &ar) || ar.currentline <= 0) continue;
    if (!found || !mp_sb_trusted_source(sb, ar.source)) {
      snprintf(sb->mem_where, sizeof sb->mem_where, "%s:%d: ",
               ar.short_src, ar.currentline);
      found = 1;
    }
    if (!mp_sb_trusted_source(sb, ar.source)) {
      sb->mem_where_kept = 1;
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
  int is_string = ptr == NULL && osize == LUA_TSTRING;
  if (ptr == NULL)
    osize = 0;  /* then 'osize' is a type tag */
  if (nsize == 0) {
    free(ptr);
    sb->used -= osize;
    return NULL;
  }
  if (nsize > osize && sb->depth > 0 &&
      (sb->used > sb->cap || nsize - osize > sb->cap - sb->used)) {
    /* The first refusal is the script's: after it, until the error
    ** unwinds, the host's own handling (the dispatcher, the message
    ** handler) may be refused too while the bomb's memory is still held,
    ** and would name a frame outside the script. */
    if (sb->trip == TRIP_NONE && sb->refusals++ == 0)
      note_alloc_site(sb);
    else
      sb->refusals++;
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
  /* long strings are charged, heavy objects read the clock more often */
  if (sb->depth > 0 && nsize >= 64 && (is_string || nsize > sb->weight))
    mp_sb_weigh_alloc(sb, is_string, nsize);
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

void mp_sb_set_error(mp_sandbox *sb, const char *msg) {
  set_error(sb, "%s", msg ? msg : "(error without a message)");
}

/* The script's error message at the top of L, as one line with its
** control characters escaped (one_line.h): a message a script wrote can
** forge no line of the host's output ("final scores ...") and send a
** terminal no escape sequence. */
static void set_error_line(mp_sandbox *sb, lua_State *L) {
  size_t len;
  const char *msg = lua_tolstring(L, -1, &len);
  size_t w = mp_one_line(NULL, msg, len);
  if (w >= sb->errcap) {
    char *e = (char *)realloc(sb->err, w + 1);
    if (e == NULL) { /* keep what fits */
      set_error(sb, "%s", "(error message too long for the memory left)");
      return;
    }
    sb->err = e;
    sb->errcap = w + 1;
  }
  mp_one_line(sb->err, msg, len);
  sb->err[w] = '\0';
}

/* The registry keeps the last function set_callee_of named under this
** key (made at creation, so storing there never allocates): alive, its
** address names it exactly, and the dispatcher's calls of the same hook
** skip lua_getinfo. */
static const char callee_fn_key = 'c';

static int setup_state(lua_State *L) {
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &callee_fn_key);
  return mp_sb_setup(L);
}

static long or_default(long v, long def) { return v > 0 ? v : def; }

static void apply_limits(mp_sandbox *sb, const mp_sandbox_limits *limits) {
  mp_sandbox_limits none = {0, 0, 0, 0, 0};
  if (limits == NULL) limits = &none;
  sb->cap = limits->memory_cap > 0 ? limits->memory_cap : MP_SANDBOX_DEFAULT_MEMORY_CAP;
  sb->budget = or_default(limits->instruction_budget, MP_SANDBOX_DEFAULT_BUDGET);
  sb->turn_budget = or_default(limits->turn_budget, MP_SANDBOX_DEFAULT_TURN_BUDGET);
  sb->game_budget = or_default(limits->game_budget, MP_SANDBOX_DEFAULT_GAME_BUDGET);
  sb->time_limit_ms = or_default(limits->time_limit_ms, MP_SANDBOX_DEFAULT_TIME_LIMIT_MS);
}

void mp_sandbox_new_period(mp_sandbox *sb, int which) {
  sb->periods = which != MP_SANDBOX_OFF;
  if (which >= MP_SANDBOX_TURN) sb->turn_used = 0;
  if (which == MP_SANDBOX_GAME) sb->game_used = 0;
}

mp_sandbox *mp_sandbox_new(const mp_sandbox_limits *limits, mp_rng_fn rng,
                           void *rng_ud) {
  mp_sandbox *sb = (mp_sandbox *)calloc(1, sizeof *sb);
  if (sb == NULL)
    return NULL;
  apply_limits(sb, limits);
  mp_sb_weigh_init(sb);
  sb->callee = sb->callee_buf;
  sb->rng = rng;
  sb->rng_ud = rng_ud;
  sb->print = mp_sb_print_stderr;
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
  lua_pushcfunction(sb->L, setup_state);
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
  mp_sb_free_trust(sb);
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
  limits->turn_budget = sb->turn_budget;
  limits->game_budget = sb->game_budget;
  limits->time_limit_ms = sb->time_limit_ms;
}

void mp_sandbox_set_print(mp_sandbox *sb, mp_print_fn fn, void *ud) {
  sb->print = fn != NULL ? fn : mp_sb_print_stderr;
  sb->print_ud = fn != NULL ? ud : NULL;
}

/* The name is the caller's, alive while the call runs: every message that
** uses it is written before the call returns. */
static void set_callee(mp_sandbox *sb, const char *name) { sb->callee = name; }

static void copy_callee(mp_sandbox *sb, const char *name) {
  size_t n = strlen(name);
  if (n >= sizeof sb->callee_buf) n = sizeof sb->callee_buf - 1;
  memcpy(sb->callee_buf, name, n);
  sb->callee_buf[n] = '\0';
  sb->callee = sb->callee_buf;
}

/* The script a function comes from, for messages ("?" for a C function). */
static void set_callee_of(mp_sandbox *sb, int idx) {
  lua_State *L = sb->L;
  idx = lua_absindex(L, idx);
  if (!lua_isfunction(L, idx)) {
    set_callee(sb, "?");
    return;
  }
  const void *fn = lua_topointer(L, idx);
  if (fn != sb->callee_fn) {
    lua_Debug ar;
    lua_pushvalue(L, idx);
    lua_getinfo(L, ">S", &ar);
    copy_callee(sb, ar.short_src);
    lua_pushvalue(L, idx);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &callee_fn_key);
    sb->callee_fn = fn;
  }
  sb->callee = sb->callee_buf;
}

/* An outermost call gets the call budget, or less when its turn's or its
** game's budget has less left. */
static void grant(mp_sandbox *sb) {
  long avail = sb->budget;
  sb->bound = BOUND_CALL;
  if (sb->periods) {  /* else loading, scenarios, tools: no turn, no game */
    if (sb->turn_budget - sb->turn_used < avail) {
      avail = sb->turn_budget - sb->turn_used;
      sb->bound = BOUND_TURN;
    }
    if (sb->game_budget - sb->game_used < avail) {
      avail = sb->game_budget - sb->game_used;
      sb->bound = BOUND_GAME;
    }
  }
  if (avail < 1) avail = 1;  /* trips at the first instruction */
  sb->granted = sb->remaining = avail;
  sb->step = avail < sb->clock_step ? (int)avail : sb->clock_step;
  mp_sb_start_clock(sb);
  sb->trip_where[0] = '\0';
}

/* Does msg start with "chunk:line:"? */
static int has_location(const char *msg) {
  const char *colon = strchr(msg, ':');
  if (colon == NULL || colon == msg || colon - msg > WHERE_MAX) return 0;
  const char *p = colon + 1;
  while (*p >= '0' && *p <= '9') p++;
  return p > colon + 1 && *p == ':';
}

/* Message handler of every call: an error raised by a C function (the
** host's API, a library function) or with level 0 gets the location of
** the script line that caused it, so every message names file:line. */
static int locate_error(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  char where[WHERE_MAX];
  int t = lua_type(L, 1);
  if (sb->trip != TRIP_NONE || (t == LUA_TSTRING && has_location(lua_tostring(L, 1))))
    return 1;
  mp_sb_note_where(sb, where, sizeof where);
  if (t == LUA_TSTRING || t == LUA_TNUMBER)
    lua_pushfstring(L, "%s%s", where, lua_tostring(L, 1));
  else  /* never its __tostring: that would run outside the budget */
    lua_pushfstring(L, "%s(error object is a %s value)", where, lua_typename(L, t));
  return 1;
}

/* Whether any sandbox of this process (or a child that reported it) ran
** past its time limit. One flag for the process: it describes the run,
** not a game, and only ever goes from 0 to 1. */
static volatile int time_fired;

int mp_sandbox_time_fired(void) { return time_fired; }
void mp_sandbox_note_time_fired(void) { time_fired = 1; }
int mp_sandbox_spent(const mp_sandbox *sb) { return sb->spent[0] != 0; }

/* The time limit fired (its message is the sandbox's error): the sandbox
** keeps the message and refuses every later call with it (sandbox.h). */
static void spend(mp_sandbox *sb) {
  snprintf(sb->spent, sizeof sb->spent, "%s", sb->err);
  if (!sb->spent[0]) snprintf(sb->spent, sizeof sb->spent, "time limit exceeded");
  time_fired = 1;
}

/* The body of mp_sandbox_call: everything but argument checks. 'name'
** names the script for messages that have no better location; NULL
** takes it from the function being called. Hooks call here once per event,
** so only the outermost call pays for finding the name. */
static int protected_call(mp_sandbox *sb, int nargs, int nresults,
                          const char *name, int handler) {
  lua_State *L = sb->L;
  int outer = sb->depth == 0;
  int status, rc = MP_SANDBOX_OK;
  if (outer && sb->spent[0]) {  /* a time limit fired: nothing runs any more */
    lua_pop(L, nargs + 1);
    set_error(sb, "%s", sb->spent);
    return MP_SANDBOX_ETIME;
  }
  if (outer) {
    sb->trip = TRIP_NONE;
    sb->refusals = 0;
    sb->mem_where_kept = 0;
    grant(sb);
    if (name != NULL) set_callee(sb, name);
    else set_callee_of(sb, -(nargs + 1));
    lua_sethook(L, mp_sb_hook, LUA_MASKCOUNT, sb->step);
  }
  int msgh = handler;
  if (!handler) {
    msgh = lua_gettop(L) - nargs;
    lua_pushcfunction(L, locate_error);
    lua_insert(L, msgh);
  }
  sb->depth++;
  status = lua_pcall(L, nargs, nresults, msgh);
  sb->depth--;
  if (!handler) lua_remove(L, msgh);
  if (status != LUA_OK) {
    if (status == LUA_ERRMEM)  /* nested: stop the outer script too */
      mp_sb_set_trip(L, sb, TRIP_MEMORY);
    if (sb->trip == TRIP_BUDGET || sb->trip == TRIP_TIME) {
      char text[96];
      rc = sb->trip == TRIP_TIME ? MP_SANDBOX_ETIME : MP_SANDBOX_EBUDGET;
      mp_sb_trip_text(sb, text, sizeof text);
      set_error(sb, "%s%s", sb->trip_where, text);
      if (sb->trip == TRIP_TIME) spend(sb);
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
          set_error_line(sb, L);
          break;
        default:
          set_error(sb, "%s: (error object is a %s value)", sb->callee,
                    luaL_typename(L, -1));
      }
    }
    lua_pop(L, 1);
  }
  if (outer) {
    long used = sb->granted - (sb->remaining > 0 ? sb->remaining : 0);
    sb->turn_used += used;
    sb->game_used += used;
    lua_sethook(L, NULL, 0, 0);
    if (sb->trip != TRIP_NONE) {
      sb->trip = TRIP_NONE;
      lua_gc(L, LUA_GCCOLLECT);  /* give the next call its memory back */
    }
  }
  return rc;
}

int mp_sandbox_call_named(mp_sandbox *sb, int nargs, int nresults, const char *name) {
  lua_State *L = sb->L;
  sb->err[0] = '\0';
  if (nargs < 0 || lua_gettop(L) < nargs + 1 || !lua_checkstack(L, 2)) {
    set_error(sb, "mp_sandbox_call: bad stack (%d arguments)", nargs);
    return MP_SANDBOX_EINVAL;
  }
  return protected_call(sb, nargs, nresults, name, 0);
}

void mp_sandbox_push_handler(mp_sandbox *sb) {
  lua_pushcfunction(sb->L, locate_error);
}

int mp_sandbox_call_with(mp_sandbox *sb, int nargs, int handler, const char *name) {
  sb->err[0] = '\0';
  return protected_call(sb, nargs, 0, name, handler);
}

int mp_sandbox_call_with_results(mp_sandbox *sb, int nargs, int nresults, int handler, const char *name) {
  sb->err[0] = '\0';
  return protected_call(sb, nargs, nresults, name, handler);
}

/* Charges what the running call used so far to its turn and game, and
** gives the next script function its own call's budget, clock and name:
** the host's C code that calls many script functions inside one
** protected call (hook_veto.c, a veto per candidate move) keeps the
** limits of one call per function. Inside a nested call (depth > 1) the
** budget stays the outer call's, as for any nested call. */
void mp_sandbox_renew(mp_sandbox *sb, const char *name) {
  if (sb->depth != 1 || sb->trip != TRIP_NONE) return;
  long used = sb->granted - (sb->remaining > 0 ? sb->remaining : 0);
  sb->turn_used += used;
  sb->game_used += used;
  grant(sb);
  set_callee(sb, name);
  lua_sethook(sb->L, mp_sb_hook, LUA_MASKCOUNT, sb->step);
}

int mp_sandbox_call(mp_sandbox *sb, int nargs, int nresults) {
  return mp_sandbox_call_named(sb, nargs, nresults, NULL);
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
  mp_sb_push_env(L);
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
  if (mp_sb_load_script(L, code, len, name) != LUA_OK)
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
                        src, 0);
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
    mp_sb_push_proxy(L, 1, name, 1);
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

void mp_sandbox_push_globals(mp_sandbox *sb, lua_State *L) {
  lua_newtable(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sb->ref_globals);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pushvalue(L, -2);
    lua_pushstring(L, luaL_typename(L, -2));
    lua_rawset(L, -6);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

static int seal_env(lua_State *L) {
  mp_sb_seal_env(L, 1);
  return 0;
}

int mp_sandbox_seal(mp_sandbox *sb) {
  lua_State *L = sb->L;
  sb->err[0] = '\0';
  if (lua_gettop(L) < 1 || !lua_istable(L, -1) || !lua_checkstack(L, 8)) {
    set_error(sb, "mp_sandbox_seal: a table expected");
    return MP_SANDBOX_EINVAL;
  }
  lua_pushcfunction(L, seal_env);
  lua_insert(L, -2);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    set_error(sb, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return MP_SANDBOX_EMEMORY;
  }
  return MP_SANDBOX_OK;
}

/* }=================================================================== */
