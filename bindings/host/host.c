/*
** host.c: the state a game's scripts live in.
**
** One lua_State holds both sides: the sandbox, where game, expansion and
** house-rule scripts run with their allow-list and limits, and the
** trusted host code (meeple.loader, meeple.cli) that reads files, builds
** the rules and drives the play. Scripts never see the host's globals:
** each chunk gets its own environment reading through to the sandbox's
** allow-list only.
**
** The host code reaches the sandbox through the table `meeple_host`:
**   run(chunkname, code, names)  runs a script with extra globals
**   call(fn, ...)                calls a script function under the budget
**   use_game(game)               math.random draws from this game's RNG
**   snapshot(envs, holders)      the scripts' state after loading
**   fresh(snapshot)              ... put back before each game
*/
#define _DEFAULT_SOURCE  /* realpath */
#include <limits.h>
#include <stdint.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "host.h"
#include "sandbox.h"
#include "wrap_internal.h"

struct mp_host {
  mp_sandbox *sb;
  gk_game *rng_game;  /* whose RNG math.random uses, or NULL */
  const gk_game *period_game;  /* the game and turn the turn and game */
  int period_turn;             /* budgets count for now */
  uint64_t load_rng;           /* math.random outside a game (splitmix64) */
};

/* Where every script's load-time draws start: loading depends on the
** scripts and options only, never on the seed (the rules a simulation
** loads once serve every seed) nor on what was loaded before. */
#define LOAD_RNG_SEED 0x6d6565706c65ull /* "meeple" */

/* A game's hooks run: a new game (another game, or its turn went back:
** a reused or restored game) or a new turn starts the sandbox's counts. */
static void count_period(mp_host *h, const gk_game *g) {
  int turn = gk_game_turn(g);
  int which = MP_SANDBOX_SAME;
  if (g != h->period_game || turn < h->period_turn) which = MP_SANDBOX_GAME;
  else if (turn != h->period_turn) which = MP_SANDBOX_TURN;
  mp_sandbox_new_period(h->sb, which);
  h->period_game = g;
  h->period_turn = turn;
}

static uint64_t host_rng(void *ud) {
  mp_host *h = (mp_host *)ud;
  if (h->rng_game) return gk_rng_next(h->rng_game);
  /* outside a game (a script loading): splitmix64 */
  uint64_t z = (h->load_rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static mp_host *hostof(lua_State *L) {
  return (mp_host *)lua_touserdata(L, lua_upvalueindex(1));
}

/* meeple_host.run(chunkname, code, names): the script's results. */
static int host_run(lua_State *L) {
  mp_host *h = hostof(L);
  const char *name = luaL_checkstring(L, 1);
  size_t len;
  const char *code = luaL_checklstring(L, 2, &len);
  luaL_checktype(L, 3, LUA_TTABLE);
  int base = lua_gettop(L);
  lua_pushvalue(L, 3);
  h->load_rng = LOAD_RNG_SEED;
  if (mp_sandbox_run_with(h->sb, name, code, len, LUA_MULTRET) != MP_SANDBOX_OK) {
    lua_pushstring(L, mp_sandbox_error(h->sb)); /* already "file:line: ..." */
    return lua_error(L);
  }
  return lua_gettop(L) - base;
}

/* meeple_host.call(fn, ...): fn's results, under the instruction budget. */
static int host_call(lua_State *L) {
  mp_host *h = hostof(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  int nargs = lua_gettop(L) - 1;
  if (mp_sandbox_call(h->sb, nargs, LUA_MULTRET) != MP_SANDBOX_OK) {
    lua_pushstring(L, mp_sandbox_error(h->sb));
    return lua_error(L);
  }
  return lua_gettop(L);
}

void mp_host_lend(mp_host *h, lua_State *L, int idx) {
  gk_game *g = idx ? mp_checkgame(L, idx) : NULL;
  /* Kept alive in the registry under the host's address: hooks lend a
  ** game twice per event, so no luaL_ref bookkeeping. */
  if (g) lua_pushvalue(L, idx);
  else lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, h);
  mp_host_lend_game(h, g);
}

void mp_host_lend_game(mp_host *h, gk_game *g) {
  h->rng_game = g;
  if (g) count_period(h, g);
  else mp_sandbox_new_period(h->sb, MP_SANDBOX_OFF);
}

gk_game *mp_host_lent(mp_host *h) { return h->rng_game; }

static int host_use_game(lua_State *L) {
  mp_host_lend(hostof(L), L, lua_isnoneornil(L, 1) ? 0 : 1);
  return 0;
}

int mp_host_call(mp_host *h, int nargs, int nresults, const char *name) {
  return mp_sandbox_call_named(h->sb, nargs, nresults, name);
}

/* The registry key of the host's address, for mp_host_of. */
static const char host_key = 'h';

mp_host *mp_host_of(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &host_key);
  mp_host *h = (mp_host *)lua_touserdata(L, -1);
  lua_pop(L, 1);
  return h;
}

static void opt_positive(lua_State *L, int arg, long *out) {
  if (lua_isnoneornil(L, arg)) return;
  lua_Integer v = luaL_checkinteger(L, arg);
  luaL_argcheck(L, v > 0 && v <= LONG_MAX, arg, "limit must be positive");
  *out = (long)v;
}

/* meeple_host.set_limits(budget, memory_cap, turn_budget, game_budget,
** time_limit_ms): nil keeps the current value. */
static int host_set_limits(lua_State *L) {
  mp_host *h = hostof(L);
  mp_sandbox_limits lim;
  long cap = 0;
  mp_sandbox_get_limits(h->sb, &lim);
  opt_positive(L, 1, &lim.instruction_budget);
  opt_positive(L, 2, &cap);
  if (cap > 0) lim.memory_cap = (size_t)cap;
  opt_positive(L, 3, &lim.turn_budget);
  opt_positive(L, 4, &lim.game_budget);
  opt_positive(L, 5, &lim.time_limit_ms);
  mp_sandbox_set_limits(h->sb, &lim);
  return 0;
}

/* meeple_host.globals() -> { name = type name }: the globals every
** script sees (mp_sandbox_push_globals), for the editor stubs' test. */
static int host_globals(lua_State *L) {
  mp_sandbox_push_globals(hostof(L)->sb, L);
  return 1;
}

static int host_memory(lua_State *L) {
  mp_host *h = hostof(L);
  lua_pushinteger(L, (lua_Integer)mp_sandbox_memory(h->sb));
  return 1;
}

/* meeple_host.file_check(path, max_bytes, root, ...): true if path is a
** regular file of at most max_bytes whose real path (symlinks and ".."
** resolved) lies under one of the roots; else nil and why. The loader
** asks before it reads any file a script or scenario names. */
static int host_file_check(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  lua_Integer max = luaL_checkinteger(L, 2);
  char real[PATH_MAX], root[PATH_MAX];
  struct stat st;
  if (realpath(path, real) == NULL || stat(real, &st) != 0) {
    luaL_pushfail(L);
    lua_pushliteral(L, "cannot read it");
    return 2;
  }
  if (!S_ISREG(st.st_mode) || (lua_Integer)st.st_size > max) {
    luaL_pushfail(L);
    lua_pushstring(L, !S_ISREG(st.st_mode) ? "not a regular file" : "file too large");
    return 2;
  }
  for (int i = 3; i <= lua_gettop(L); i++) {
    size_t n;
    if (realpath(luaL_checkstring(L, i), root) == NULL) continue;
    n = strlen(root);
    if (strncmp(real, root, n) == 0 && (real[n] == '/' || (n == 1 && root[0] == '/'))) {
      lua_pushboolean(L, 1);
      return 1;
    }
  }
  luaL_pushfail(L);
  lua_pushliteral(L, "outside the game's directories and the script's own");
  return 2;
}

/* meeple_host.seal(env): see mp_sandbox_seal. */
static int host_seal(lua_State *L) {
  mp_host *h = hostof(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  if (mp_sandbox_seal(h->sb) != MP_SANDBOX_OK) {
    lua_pushstring(L, mp_sandbox_error(h->sb));
    return lua_error(L);
  }
  return 0;
}

/* meeple_host.snapshot(envs, holders [, rules]) -> snapshot: see
** mp_sandbox_snapshot; the memos made while loading get the rules. */
static int host_snapshot(lua_State *L) {
  mp_host *h = hostof(L);
  if (!lua_isnoneornil(L, 3)) mp_sandbox_bind_memos(h->sb, L, 3);
  lua_settop(L, 2);
  if (mp_sandbox_snapshot(h->sb) != MP_SANDBOX_OK) {
    lua_pushstring(L, mp_sandbox_error(h->sb));
    return lua_error(L);
  }
  return 1;
}

int mp_host_fresh(lua_State *L, int idx) {
  mp_host *h = mp_host_of(L);
  if (!h || lua_isnoneornil(L, idx)) return 0;
  return mp_sandbox_restore(h->sb, L, idx);
}

/* meeple_host.fresh(snapshot): the scripts' state as the snapshot holds
** it, for a new game. */
static int host_fresh(lua_State *L) {
  if (mp_host_fresh(L, 1) != MP_SANDBOX_OK) {
    lua_pushstring(L, mp_sandbox_error(hostof(L)->sb));
    return lua_error(L);
  }
  return 0;
}

static const luaL_Reg host_funcs[] = {
  {"seal", host_seal},
  {"snapshot", host_snapshot},
  {"fresh", host_fresh},
  {"file_check", host_file_check},
  {"run", host_run},
  {"call", host_call},
  {"use_game", host_use_game},
  {"memory", host_memory},
  {"globals", host_globals},
  {"set_limits", host_set_limits},
  {NULL, NULL}
};

mp_host *mp_host_create(const mp_sandbox_limits *limits) {
  mp_host *h = (mp_host *)calloc(1, sizeof *h);
  if (!h) return NULL;
  h->sb = mp_sandbox_new(limits, host_rng, h);
  if (!h->sb) {
    free(h);
    return NULL;
  }
  lua_State *L = mp_sandbox_lua(h->sb);
  /* The host's own libraries, in the real globals only. */
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_LOADLIBNAME, luaopen_package, 1);
  luaL_requiref(L, LUA_IOLIBNAME, luaopen_io, 1);
  luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 1);
  /* Already loaded by the sandbox, so these reuse its tables: the string
  ** metatable keeps the sandbox's filtered version. */
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_pop(L, 8);
  /* Hooks make short-lived tables by the thousand over a large, stable
  ** heap (the loaded rules): the generational collector suits that. A
  ** minor collection once the heap grew by its size (minor multiplier 100,
  ** not 20) marks the same survivors five times less often: an empty
  ** tile_placed hook, whose tile handle is its garbage, costs 6% fewer
  ** instructions a game. The memory cap still holds: a refused allocation
  ** makes Lua collect in full and try again. */
  lua_gc(L, LUA_GCGEN, 100, 0);
  luaL_newlibtable(L, host_funcs);
  lua_pushlightuserdata(L, h);
  luaL_setfuncs(L, host_funcs, 1);
  mp_state_blobs_open(L);
  lua_setglobal(L, "meeple_host");
  lua_pushlightuserdata(L, h);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &host_key);
  return h;
}

lua_State *mp_host_lua(mp_host *h) { return mp_sandbox_lua(h->sb); }

mp_sandbox *mp_host_sandbox(mp_host *h) { return h->sb; }

void mp_host_free(mp_host *h) {
  if (!h) return;
  mp_sandbox_free(h->sb);
  free(h);
}
