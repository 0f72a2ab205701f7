/*
** session.c: the embedding API of meeple.h, over the Lua module
** meeple.session running in a host state (host.c: sandbox plus trusted
** code, as the CLI uses).
**
** A meeple_world is one host state with its rule set; every game loaded,
** cloned or reset from it holds a reference to the world and a registry
** reference to its Lua session table. The world is freed with its last
** game. Invariant: nothing from the host state's stack outlives a call;
** each API function leaves the stack as it found it.
**
** A new world's host loads the module "meeple" through the opener its
** caller gives (mp_session_load, _replay, _simulate): embed.c passes
** luaopen_meeple for meeple.h's meeple_load, meeple_replay and
** meeple_simulate, wrap_session.c the one it was opened with, so this
** file calls nothing above it.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "embed.h"
#include "host.h"
#include "roots.h"
#include "session_internal.h"
#include "wrap_internal.h"
#include "meeple.h"

typedef struct meeple_world {
  mp_host *host;
  int refs;
} meeple_world;

struct meeple_game {
  meeple_world *w;
  int ref;          /* the session table, in the host state's registry */
  gk_game *kernel;  /* its play's game: fixed for the play's lifetime */
  int over;         /* as the last meeple_step saw it */
  char err[512];
};

static void copy_error(char *err, size_t cap, const char *msg) {
  if (err && cap) snprintf(err, cap, "%s", msg ? msg : "(error without a message)");
}

static lua_State *world_lua(meeple_world *w) { return mp_host_lua(w->host); }

static void world_release(meeple_world *w) {
  if (w && --w->refs == 0) {
    mp_host_free(w->host);
    free(w);
  }
}

/* A game around the session table on top of the host state's stack
** (popped). */
static meeple_game *wrap_session(meeple_world *w) {
  lua_State *L = world_lua(w);
  meeple_game *g = (meeple_game *)calloc(1, sizeof *g);
  if (!g) {
    lua_pop(L, 1);
    return NULL;
  }
  g->w = w;
  w->refs++;
  g->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return g;
}

/* Appends the colon-separated roots in 'list' to the table on top. */
static void add_roots(lua_State *L, const char *list) {
  if (!list) return;
  const char *p = list;
  while (*p) {
    const char *end = strchr(p, ':');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n > 0) {
      lua_pushlstring(L, p, n);
      lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    }
    p += n + (end != NULL);
  }
}

/* The search path: the caller's roots, $MEEPLE_PATH, the installed data. */
static void push_roots(lua_State *L, const char *first) {
  lua_newtable(L);
  add_roots(L, first);
  add_roots(L, getenv("MEEPLE_PATH"));
  char installed[4096];
  add_roots(L, mp_installed_root(installed, sizeof installed));
}

static void push_list(lua_State *L, const char *const *items) {
  lua_newtable(L);
  for (int i = 0; items && items[i]; i++) {
    lua_pushstring(L, items[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* The settings table meeple.session.open reads, from o. */
static void push_spec(lua_State *L, const meeple_options *o) {
  lua_newtable(L);
  lua_pushstring(L, o->game ? o->game : "base");
  lua_setfield(L, -2, "game");
  push_list(L, o->with);
  lua_setfield(L, -2, "with");
  push_list(L, o->rules);
  lua_setfield(L, -2, "rules");
  lua_newtable(L);
  for (int i = 0; o->options && o->options[i]; i++) {
    const char *eq = strchr(o->options[i], '=');
    if (!eq) continue; /* refused by the caller's check below */
    lua_pushlstring(L, o->options[i], (size_t)(eq - o->options[i]));
    lua_pushstring(L, eq + 1);
    lua_rawset(L, -3);
  }
  lua_setfield(L, -2, "options");
  if (o->players > 0) {
    lua_pushinteger(L, o->players);
    lua_setfield(L, -2, "players");
  }
  lua_pushinteger(L, (lua_Integer)(o->seed & 0x7fffffffffffffffull));
  lua_setfield(L, -2, "seed");
  if (o->budget > 0) {
    lua_pushinteger(L, o->budget);
    lua_setfield(L, -2, "budget");
  }
  if (o->memory_cap > 0) {
    lua_pushinteger(L, (lua_Integer)o->memory_cap);
    lua_setfield(L, -2, "memory_cap");
  }
  push_roots(L, o->path);
  lua_setfield(L, -2, "path");
}

static const char *check_options(const meeple_options *o) {
  if (!o) return "meeple_load: no options given";
  for (int i = 0; o->options && o->options[i]; i++)
    if (!strchr(o->options[i], '=')) return "meeple_load: an option must read key=value";
  if (o->players < 0 || o->players > MEEPLE_MAX_PLAYERS) return "meeple_load: players out of range";
  return NULL;
}

static meeple_world *world_new(lua_CFunction opener, char *err, size_t errcap) {
  meeple_world *w = (meeple_world *)calloc(1, sizeof *w);
  if (w) w->host = mp_host_open(NULL, opener);
  if (!w || !w->host) {
    free(w);
    copy_error(err, errcap, "not enough memory");
    return NULL;
  }
  return w;
}

/* Pushes meeple.session's function 'fn'; 0 or the error on the stack. */
static int push_session_fn(lua_State *L, const char *fn) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "meeple.session");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) return -1;
  lua_getfield(L, -1, fn);
  lua_remove(L, -2);
  return 0;
}

/* Runs meeple.session[fn] on the args pushed by 'push' in a new world. */
static meeple_game *open_world(lua_CFunction opener, const char *fn,
                               void (*push)(lua_State *, const void *), const void *ud, char *err,
                               size_t errcap) {
  meeple_world *w = world_new(opener, err, errcap);
  if (!w) return NULL;
  lua_State *L = world_lua(w);
  if (push_session_fn(L, fn) == 0) {
    int nargs = lua_gettop(L);
    push(L, ud);
    nargs = lua_gettop(L) - nargs;
    if (lua_pcall(L, nargs, 1, 0) == LUA_OK) {
      meeple_game *g = wrap_session(w);
      if (!g) {
        copy_error(err, errcap, "not enough memory");
        mp_host_free(w->host);
        free(w);
      }
      return g;
    }
  }
  copy_error(err, errcap, lua_tostring(L, -1));
  mp_host_free(w->host);
  free(w);
  return NULL;
}

static void push_spec_ud(lua_State *L, const void *ud) { push_spec(L, (const meeple_options *)ud); }

meeple_game *mp_session_load(const meeple_options *o, lua_CFunction opener, char *err, size_t errcap) {
  const char *bad = check_options(o);
  if (bad) {
    copy_error(err, errcap, bad);
    return NULL;
  }
  return open_world(opener, "open", push_spec_ud, o, err, errcap);
}

typedef struct replay_args {
  const char *text;
  size_t len;
  const char *path;
} replay_args;

static void push_replay(lua_State *L, const void *ud) {
  const replay_args *a = (const replay_args *)ud;
  lua_pushlstring(L, a->text, a->len);
  push_roots(L, a->path);
}

meeple_game *mp_session_replay(const char *record, size_t len, const char *path, lua_CFunction opener,
                               char *err, size_t errcap) {
  if (!record) {
    copy_error(err, errcap, "meeple_replay: no record given");
    return NULL;
  }
  replay_args a = {record, len, path};
  return open_world(opener, "replay", push_replay, &a, err, errcap);
}

/* {------------------------------------------------------------------
** Calls on one game: method(self, args...) with its results on the stack.
** ------------------------------------------------------------------- */

/* Pushes the session's method and the session itself. */
static lua_State *method(meeple_game *g, const char *name) {
  lua_State *L = world_lua(g->w);
  lua_rawgeti(L, LUA_REGISTRYINDEX, g->ref);
  lua_getfield(L, -1, name);
  lua_insert(L, -2);
  return L;
}

/* Calls the method pushed by method() with nargs more arguments; 0, or
** -1 with the message in g->err and nothing left on the stack. */
static int finish(meeple_game *g, lua_State *L, int nargs, int nresults) {
  if (lua_pcall(L, nargs + 1, nresults, 0) == LUA_OK) return 0;
  copy_error(g->err, sizeof g->err, lua_tostring(L, -1));
  lua_pop(L, 1);
  return -1;
}

/* An integer result of method(self). */
static int int_call(meeple_game *g, const char *name) {
  lua_State *L = method(g, name);
  if (finish(g, L, 0, 1)) return -1;
  int v = lua_isboolean(L, -1) ? lua_toboolean(L, -1) : (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return v;
}

static meeple_game *game_call(meeple_game *g, int nargs) {
  lua_State *L = world_lua(g->w);
  if (finish(g, L, nargs, 1)) return NULL;
  meeple_game *copy = wrap_session(g->w);
  if (!copy) copy_error(g->err, sizeof g->err, "not enough memory");
  return copy;
}

meeple_game *meeple_clone(meeple_game *g) {
  method(g, "clone");
  return game_call(g, 0);
}

meeple_game *meeple_reset(meeple_game *g, uint64_t seed) {
  lua_State *L = method(g, "reset");
  lua_pushinteger(L, (lua_Integer)(seed & 0x7fffffffffffffffull));
  return game_call(g, 1);
}

void meeple_free(meeple_game *g) {
  if (!g) return;
  luaL_unref(world_lua(g->w), LUA_REGISTRYINDEX, g->ref);
  world_release(g->w);
  free(g);
}

const char *meeple_error(const meeple_game *g) { return g ? g->err : "no game"; }

int meeple_players(meeple_game *g) { return int_call(g, "players"); }
int meeple_over(meeple_game *g) { return int_call(g, "over"); }
int meeple_step_over(const meeple_game *g) { return g->over; }
int meeple_player(meeple_game *g) { return int_call(g, "player"); }
int meeple_decider(meeple_game *g) { return int_call(g, "decider"); }
int meeple_turn(meeple_game *g) { return int_call(g, "turn"); }
int meeple_move_count(meeple_game *g) { return int_call(g, "move_count"); }

int meeple_move_name(meeple_game *g, int i, char *buf, size_t cap) {
  lua_State *L = method(g, "move_name");
  lua_pushinteger(L, (lua_Integer)i + 1);
  if (finish(g, L, 1, 1)) return -1;
  size_t len;
  const char *s = lua_tolstring(L, -1, &len);
  if (buf && cap) snprintf(buf, cap, "%s", s ? s : "");
  lua_pop(L, 1);
  return (int)len;
}

/* Calls apply with the move pushed above it: the points gained. */
static int apply_pushed(meeple_game *g, lua_State *L) {
  if (finish(g, L, 1, 1)) return -1;
  int gained = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return gained;
}

int meeple_apply(meeple_game *g, int i) {
  lua_State *L = method(g, "apply");
  lua_pushinteger(L, (lua_Integer)i + 1);
  return apply_pushed(g, L);
}

int meeple_apply_text(meeple_game *g, const char *move) {
  if (!move) {
    copy_error(g->err, sizeof g->err, "no move text given");
    return -1;
  }
  lua_State *L = method(g, "apply");
  lua_pushstring(L, move);
  return apply_pushed(g, L);
}

int meeple_random_move(meeple_game *g) {
  int i = int_call(g, "random_move");
  return i < 0 ? i : i - 1;
}

int meeple_step(meeple_game *g, int action, int *gained) {
  gk_game *k = g->kernel ? g->kernel : (g->kernel = mp_session_kernel(g));
  if (!k) return -1;
  int32_t before[MEEPLE_MAX_PLAYERS];
  int players = gk_game_players(k);
  for (int p = 0; p < players && p < MEEPLE_MAX_PLAYERS; p++) before[p] = gk_player_score(k, p);
  lua_State *L = method(g, "step");
  if (action >= 0) lua_pushinteger(L, (lua_Integer)action + 1);
  else lua_pushnil(L);
  if (finish(g, L, 1, 3)) return -1;
  int i = (int)lua_tointeger(L, -3) - 1;
  int mover = (int)lua_tointeger(L, -2) - 1;
  g->over = lua_toboolean(L, -1);
  lua_pop(L, 3);
  if (gained) *gained = (mover >= 0 && mover < players) ? gk_player_score(k, mover) - before[mover] : 0;
  return i;
}

int meeple_scores(meeple_game *g, int32_t *out, int cap) {
  lua_State *L = method(g, "scores");
  if (finish(g, L, 0, 1)) return -1;
  int n = (int)lua_rawlen(L, -1);
  for (int p = 0; p < n && p < cap; p++) {
    lua_rawgeti(L, -1, p + 1);
    out[p] = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return n;
}

char *meeple_record(meeple_game *g, size_t *len) {
  lua_State *L = method(g, "record");
  if (finish(g, L, 0, 1)) return NULL;
  size_t n;
  const char *s = lua_tolstring(L, -1, &n);
  char *copy = (char *)malloc(n + 1);
  if (copy) {
    memcpy(copy, s, n + 1);
    if (len) *len = n;
  } else {
    copy_error(g->err, sizeof g->err, "not enough memory");
  }
  lua_pop(L, 1);
  return copy;
}

int mp_session_simulate(const meeple_options *o, int games, uint64_t seed, int32_t *out,
                        lua_CFunction opener, char *err, size_t errcap) {
  const char *bad = check_options(o);
  if (!bad && games < 0) bad = "meeple_simulate: games must be >= 0";
  if (bad) {
    copy_error(err, errcap, bad);
    return -1;
  }
  meeple_world *w = world_new(opener, err, errcap);
  if (!w) return -1;
  lua_State *L = world_lua(w);
  int players = -1;
  if (push_session_fn(L, "simulate") == 0) {
    push_spec(L, o);
    lua_pushinteger(L, games);
    lua_pushinteger(L, (lua_Integer)(seed & 0x7fffffffffffffffull));
    if (lua_pcall(L, 3, 2, 0) == LUA_OK) {
      players = (int)lua_tointeger(L, -1);
      for (int i = 0; i < games * players; i++) {
        lua_rawgeti(L, -2, i + 1);
        out[i] = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
      }
    }
  }
  if (players < 0) copy_error(err, errcap, lua_tostring(L, -1));
  mp_host_free(w->host);
  free(w);
  return players;
}

/* {------------------------------------------------------------------
** For observe.c (session_internal.h)
** ------------------------------------------------------------------- */

gk_game *mp_session_kernel(meeple_game *g) {
  lua_State *L = method(g, "game");
  if (finish(g, L, 0, 1)) return NULL;
  mp_game *ud = (mp_game *)luaL_testudata(L, -1, MP_GAME);
  gk_game *k = ud ? ud->game : NULL;
  lua_pop(L, 1); /* the session keeps the view alive */
  if (!k) copy_error(g->err, sizeof g->err, "the game is gone");
  return k;
}

int mp_session_tile(meeple_game *g, const gk_rules *rules) {
  lua_State *L = method(g, "tile");
  if (finish(g, L, 0, 1)) return -2;
  const char *id = lua_tostring(L, -1);
  int type = id ? gk_rules_find_tile(rules, id) : -1;
  lua_pop(L, 1);
  return type;
}
