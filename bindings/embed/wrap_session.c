/*
** wrap_session.c: meeple.load{...}, meeple.replay(text) and
** meeple.simulate{...}: whole games for a Lua program with no host
** (docs/lua-api.md, "Playing games from Lua").
**
** A Session userdata owns one meeple_game (meeple.h): the game lives in a
** host state of its own, with its scripts sandboxed as in the CLI, and
** only plain values cross over. Invariant: ud->game is NULL once freed
** (explicitly, by <close> or by the collector), and every method refuses
** a freed session with a clear error.
*/
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "embed.h"
#include "meeple.h"
#include "session_internal.h"
#include "wrap_internal.h"

#define MP_SESSION "meeple.Session"
#define MAX_NAMES 64

typedef struct mp_session {
  meeple_game *game;
} mp_session;

static meeple_game *checksession(lua_State *L) {
  mp_session *ud = (mp_session *)luaL_checkudata(L, 1, MP_SESSION);
  if (!ud->game) luaL_error(L, "meeple game is freed");
  return ud->game;
}

static int sessionerror(lua_State *L, meeple_game *g) {
  return luaL_error(L, "%s", meeple_error(g));
}

static void pushsession(lua_State *L, meeple_game *g) {
  mp_session *ud = (mp_session *)lua_newuserdatauv(L, sizeof *ud, 0);
  ud->game = g;
  luaL_setmetatable(L, MP_SESSION);
}

/* {------------------------------------------------------------------
** Reading the settings table into meeple_options. Strings stay on the
** Lua stack (in the table at 'keep') while the options point at them.
** ------------------------------------------------------------------- */

/* The spec's strings are anchored in the table at stack index KEEP while
** meeple_options points at them. */
#define KEEP 2

/* Anchors the string on top (popped) and returns it. */
static const char *keep(lua_State *L) {
  const char *s = lua_tostring(L, -1);
  lua_rawseti(L, KEEP, (lua_Integer)lua_rawlen(L, KEEP) + 1);
  return s;
}

typedef struct spec_lists {
  const char *with[MAX_NAMES + 1], *rules[MAX_NAMES + 1], *options[MAX_NAMES + 1];
} spec_lists;

static void read_names(lua_State *L, int t, const char *field, const char **out) {
  int n = 0;
  if (lua_getfield(L, t, field) != LUA_TNIL) {
    luaL_argcheck(L, lua_istable(L, -1), 1, lua_pushfstring(L, "'%s' must be a list of names", field));
    lua_Integer len = luaL_len(L, -1);
    luaL_argcheck(L, len <= MAX_NAMES, 1, lua_pushfstring(L, "too many '%s'", field));
    for (lua_Integer i = 1; i <= len; i++) {
      if (lua_geti(L, -1, i) != LUA_TSTRING)
        luaL_error(L, "meeple.load: %s[%d] must be a string, got %s", field, (int)i, luaL_typename(L, -1));
      out[n++] = keep(L);
    }
  }
  lua_pop(L, 1);
  out[n] = NULL;
}

/* options = {key = value}: "key=value" strings, sorted (determinism). */
static void read_options(lua_State *L, int t, const char **out) {
  int n = 0;
  if (lua_getfield(L, t, "options") != LUA_TNIL) {
    luaL_argcheck(L, lua_istable(L, -1), 1, "'options' must be a table {name = value}");
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      luaL_argcheck(L, lua_type(L, -2) == LUA_TSTRING, 1, "option names must be strings");
      luaL_argcheck(L, n < MAX_NAMES, 1, "too many options");
      const char *v = luaL_tolstring(L, -1, NULL);
      lua_pushfstring(L, "%s=%s", lua_tostring(L, -3), v);
      out[n++] = keep(L);
      lua_pop(L, 2);
    }
  }
  lua_pop(L, 1);
  out[n] = NULL;
  for (int i = 1; i < n; i++) /* insertion sort: a handful of options */
    for (int j = i; j > 0 && strcmp(out[j - 1], out[j]) > 0; j--) {
      const char *s = out[j];
      out[j] = out[j - 1];
      out[j - 1] = s;
    }
}

static lua_Integer opt_int(lua_State *L, int t, const char *field, lua_Integer def, lua_Integer min) {
  lua_getfield(L, t, field);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return def;
  }
  int ok;
  lua_Integer v = lua_tointegerx(L, -1, &ok);
  if (!ok || v < min)
    luaL_error(L, "meeple.load: '%s' must be an integer >= %d, got %s", field, (int)min,
               luaL_tolstring(L, -1, NULL));
  lua_pop(L, 1);
  return v;
}

static const char *opt_string(lua_State *L, int t, const char *field) {
  if (lua_getfield(L, t, field) == LUA_TNIL) {
    lua_pop(L, 1);
    return NULL;
  }
  if (!lua_isstring(L, -1)) luaL_error(L, "meeple.load: '%s' must be a string", field);
  return keep(L);
}

static const char *const spec_keys[] = {"game", "with", "rules", "options", "players", "seed",
                                        "path", "budget", "memory_cap", NULL};

static void check_keys(lua_State *L, int t) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int known = 0;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (int i = 0; spec_keys[i]; i++) known |= strcmp(spec_keys[i], lua_tostring(L, -2)) == 0;
    if (!known) luaL_error(L, "meeple.load: unknown setting '%s'", luaL_tolstring(L, -2, NULL));
    lua_pop(L, 1);
  }
}

/* path = "a:b" or {"a", "b"}: one colon-separated string. */
static const char *read_path(lua_State *L, int t) {
  int type = lua_getfield(L, t, "path");
  if (type == LUA_TNIL) {
    lua_pop(L, 1);
    return NULL;
  }
  if (type == LUA_TTABLE) {
    luaL_Buffer b;
    lua_Integer n = luaL_len(L, -1);
    int list = lua_gettop(L);
    luaL_buffinit(L, &b);
    for (lua_Integer i = 1; i <= n; i++) {
      if (lua_geti(L, list, i) != LUA_TSTRING) luaL_error(L, "meeple.load: path[%d] must be a string", (int)i);
      if (i > 1) luaL_addchar(&b, ':');
      luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    lua_remove(L, list);
  } else if (type != LUA_TSTRING) {
    luaL_error(L, "meeple.load: 'path' must be a string \"a:b\" or a list of directories");
  }
  return keep(L);
}

/* Fills o from the settings table at index 1. */
static void read_spec(lua_State *L, meeple_options *o, spec_lists *lists) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  lua_newtable(L); /* KEEP */
  check_keys(L, 1);
  o->game = opt_string(L, 1, "game");
  read_names(L, 1, "with", lists->with);
  read_names(L, 1, "rules", lists->rules);
  read_options(L, 1, lists->options);
  o->with = lists->with;
  o->rules = lists->rules;
  o->options = lists->options;
  o->players = (int)opt_int(L, 1, "players", 0, 1);
  o->seed = (uint64_t)opt_int(L, 1, "seed", 1, 0);
  o->budget = (long)opt_int(L, 1, "budget", 0, 1000);
  o->memory_cap = (size_t)opt_int(L, 1, "memory_cap", 0, 1 << 20);
  o->path = read_path(L, 1);
}

/* {------------------------------------------------------------------
** Module functions
** ------------------------------------------------------------------- */

/* meeple.load{game=, with=, rules=, options=, players=, seed=, path=,
** budget=, memory_cap=} */
static int w_load(lua_State *L) {
  meeple_options o = MEEPLE_OPTIONS_INIT;
  spec_lists lists;
  read_spec(L, &o, &lists);
  char err[512];
  meeple_game *g = mp_session_load(&o, lua_tocfunction(L, lua_upvalueindex(1)), err, sizeof err);
  if (!g) return luaL_error(L, "%s", err);
  pushsession(L, g);
  return 1;
}

/* meeple.replay(record_text [, path]) */
static int w_replay(lua_State *L) {
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  const char *path = luaL_optstring(L, 2, NULL);
  char err[512];
  meeple_game *g =
      mp_session_replay(text, len, path, lua_tocfunction(L, lua_upvalueindex(1)), err, sizeof err);
  if (!g) return luaL_error(L, "%s", err);
  pushsession(L, g);
  return 1;
}

/* meeple.simulate({settings}, games [, seed]): a list of games, each the
** list of final scores. */
static int w_simulate(lua_State *L) {
  lua_Integer games = luaL_checkinteger(L, 2);
  lua_Integer seed = luaL_optinteger(L, 3, 1);
  luaL_argcheck(L, games >= 0 && games <= 10000000, 2, "games must be 0 .. 10000000");
  lua_rotate(L, 2, -1);
  lua_settop(L, 1);
  meeple_options o = MEEPLE_OPTIONS_INIT;
  spec_lists lists;
  read_spec(L, &o, &lists);
  int32_t *out = (int32_t *)lua_newuserdatauv(L, sizeof(int32_t) * MEEPLE_MAX_PLAYERS * (size_t)(games ? games : 1), 0);
  char err[512];
  int players = mp_session_simulate(&o, (int)games, (uint64_t)seed, out,
                                    lua_tocfunction(L, lua_upvalueindex(1)), err, sizeof err);
  if (players < 0) return luaL_error(L, "%s", err);
  lua_createtable(L, (int)games, 0);
  for (lua_Integer i = 0; i < games; i++) {
    lua_createtable(L, players, 0);
    for (int p = 0; p < players; p++) {
      lua_pushinteger(L, out[i * players + p]);
      lua_rawseti(L, -2, p + 1);
    }
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* {------------------------------------------------------------------
** Session methods
** ------------------------------------------------------------------- */

static int w_legal_moves(lua_State *L) {
  meeple_game *g = checksession(L);
  int n = meeple_move_count(g);
  if (n < 0) return sessionerror(L, g);
  lua_createtable(L, n, 0);
  char buf[256];
  for (int i = 0; i < n; i++) {
    if (meeple_move_name(g, i, buf, sizeof buf) < 0) return sessionerror(L, g);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* s:apply(index from 1 | text): the points the mover gained. */
static int w_apply(lua_State *L) {
  meeple_game *g = checksession(L);
  int gained;
  if (lua_type(L, 2) == LUA_TSTRING) {
    gained = meeple_apply_text(g, lua_tostring(L, 2));
  } else {
    int ok;
    lua_Integer i = lua_tointegerx(L, 2, &ok);
    if (!ok) return luaL_argerror(L, 2, "a move index (integer from 1) or a move text expected");
    if (i < 1 || i > INT_MAX) return luaL_error(L, "move %I is not legal now (moves are numbered from 1)", i);
    gained = meeple_apply(g, (int)i - 1);
  }
  if (gained < 0) return sessionerror(L, g);
  lua_pushinteger(L, gained);
  return 1;
}

static int w_random_move(lua_State *L) {
  meeple_game *g = checksession(L);
  int i = meeple_random_move(g);
  if (i < 0) return sessionerror(L, g);
  lua_pushinteger(L, i + 1);
  return 1;
}

static int w_scores(lua_State *L) {
  meeple_game *g = checksession(L);
  int32_t s[MEEPLE_MAX_PLAYERS];
  int n = meeple_scores(g, s, MEEPLE_MAX_PLAYERS);
  if (n < 0) return sessionerror(L, g);
  lua_createtable(L, n, 0);
  for (int p = 0; p < n; p++) {
    lua_pushinteger(L, s[p]);
    lua_rawseti(L, -2, p + 1);
  }
  return 1;
}

static int int_result(lua_State *L, int (*fn)(meeple_game *)) {
  meeple_game *g = checksession(L);
  int v = fn(g);
  if (v < 0) return sessionerror(L, g);
  lua_pushinteger(L, v);
  return 1;
}

static int w_over(lua_State *L) {
  meeple_game *g = checksession(L);
  int v = meeple_over(g);
  if (v < 0) return sessionerror(L, g);
  lua_pushboolean(L, v);
  return 1;
}

static int w_player(lua_State *L) { return int_result(L, meeple_player); }
static int w_decider(lua_State *L) { return int_result(L, meeple_decider); }
static int w_turn(lua_State *L) { return int_result(L, meeple_turn); }
static int w_players(lua_State *L) { return int_result(L, meeple_players); }
static int w_move_count(lua_State *L) { return int_result(L, meeple_move_count); }

static int w_clone(lua_State *L) {
  meeple_game *g = checksession(L);
  meeple_game *c = meeple_clone(g);
  if (!c) return sessionerror(L, g);
  pushsession(L, c);
  return 1;
}

static int w_reset(lua_State *L) {
  meeple_game *g = checksession(L);
  lua_Integer seed = luaL_checkinteger(L, 2);
  luaL_argcheck(L, seed >= 0, 2, "seed must be >= 0");
  meeple_game *c = meeple_reset(g, (uint64_t)seed);
  if (!c) return sessionerror(L, g);
  pushsession(L, c);
  return 1;
}

static int w_record(lua_State *L) {
  meeple_game *g = checksession(L);
  size_t len;
  char *text = meeple_record(g, &len);
  if (!text) return sessionerror(L, g);
  lua_pushlstring(L, text, len);
  free(text);
  return 1;
}

static int w_free(lua_State *L) {
  mp_session *ud = (mp_session *)luaL_checkudata(L, 1, MP_SESSION);
  meeple_free(ud->game);
  ud->game = NULL;
  return 0;
}

static int w_tostring(lua_State *L) {
  mp_session *ud = (mp_session *)luaL_checkudata(L, 1, MP_SESSION);
  if (!ud->game) {
    lua_pushliteral(L, "meeple game (freed)");
  } else {
    lua_pushfstring(L, "meeple game (turn %d, player %d%s)", meeple_turn(ud->game),
                    meeple_player(ud->game), meeple_over(ud->game) > 0 ? ", over" : "");
  }
  return 1;
}

static const luaL_Reg session_methods[] = {
  {"legal_moves", w_legal_moves},
  {"move_count", w_move_count},
  {"apply", w_apply},
  {"random_move", w_random_move},
  {"scores", w_scores},
  {"over", w_over},
  {"player", w_player},
  {"decider", w_decider},
  {"turn", w_turn},
  {"players", w_players},
  {"clone", w_clone},
  {"reset", w_reset},
  {"record", w_record},
  {"free", w_free},
  {NULL, NULL}
};

static const luaL_Reg session_meta[] = {
  {"__gc", w_free},
  {"__close", w_free},
  {"__tostring", w_tostring},
  {NULL, NULL}
};

static const luaL_Reg module_funcs[] = {
  {"load", w_load},
  {"replay", w_replay},
  {"simulate", w_simulate},
  {NULL, NULL}
};

void mp_open_session(lua_State *L, lua_CFunction opener) {
  luaL_newmetatable(L, MP_SESSION);
  luaL_setfuncs(L, session_meta, 0);
  luaL_newlib(L, session_methods);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "protected");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  /* the opener of "meeple" for the games' hosts: an upvalue of each
  ** function, so this file names no file above it */
  lua_pushcfunction(L, opener);
  luaL_setfuncs(L, module_funcs, 1);
}
