/*
** sim_games.c: meeple.play_games, a simulation whose games are played by
** a Lua function (games between agents: MCTS, greedy, bots), run by the
** same machinery as flow:simulate (sim_run.c): in this process or in
** J child processes, folded into the summary of integers and passed to
** on_game in game order.
**
** Invariant: game i (from 0) is play(first + i) whatever the number of
** jobs; the function must depend on its argument only (each child plays
** in its own copy of the Lua state), so the summary and the rows are the
** same for any J.
*/
#include <string.h>

#include <lauxlib.h>

#include "sim_run.h"
#include "wrap_internal.h"

typedef struct games_ctx {
  lua_State *L;
  int fn;                 /* stack index of play(n) -> result */
  const gk_rules *rules;
  int players;
} games_ctx;

static int int_field(lua_State *L, int t, const char *key, int32_t *out) {
  lua_getfield(L, t, key);
  int isint;
  lua_Integer v = lua_tointegerx(L, -1, &isint);
  lua_pop(L, 1);
  if (!isint || v < INT32_MIN || v > INT32_MAX) return 0;
  *out = (int32_t)v;
  return 1;
}

/* The result table at t ({scores = {...}, turns =, moves =, closed =
** {kind = n}}) into out: NULL, or what is wrong with it. */
static const char *read_result(const games_ctx *x, int t, mp_sim_result *out) {
  lua_State *L = x->L;
  memset(out, 0, sizeof *out);
  if (!lua_istable(L, t)) return "play must return a table";
  if (!int_field(L, t, "turns", &out->turns) || !int_field(L, t, "moves", &out->moves))
    return "result: turns and moves must be integers";
  if (lua_getfield(L, t, "scores") != LUA_TTABLE) return "result: scores must be a list";
  for (int p = 0; p < x->players; p++) {
    lua_rawgeti(L, -1, p + 1);
    int isint;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    lua_pop(L, 1);
    if (!isint || v < INT32_MIN || v > INT32_MAX) return "result: a score is not an integer";
    out->scores[p] = (int32_t)v;
  }
  lua_pop(L, 1);
  if (lua_getfield(L, t, "closed") == LUA_TTABLE) {
    int c = lua_gettop(L);
    for (int k = 0; k < gk_rules_kind_count(x->rules); k++)
      if (!int_field(L, c, gk_rules_kind_name(x->rules, k), &out->closed[k])) out->closed[k] = 0;
  }
  lua_pop(L, 1);
  /* points = {{kind = n, other = n}, ...} per seat: optional */
  if (lua_getfield(L, t, "points") == LUA_TTABLE) {
    for (int p = 0; p < x->players; p++) {
      if (lua_rawgeti(L, -1, p + 1) == LUA_TTABLE) {
        int c = lua_gettop(L);
        for (int k = 0; k < gk_rules_kind_count(x->rules); k++)
          if (!int_field(L, c, gk_rules_kind_name(x->rules, k), &out->points[p][k])) out->points[p][k] = 0;
        if (!int_field(L, c, MP_SIM_NO_KIND_NAME, &out->points[p][MP_SIM_NO_KIND]))
          out->points[p][MP_SIM_NO_KIND] = 0;
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return NULL;
}

/* How simrun plays game n: play(n) under pcall, so that an error in a
** child process comes back as a message instead of unwinding it. */
static int games_play(void *c, uint64_t n, mp_sim_result *out, char *err, size_t errcap) {
  games_ctx *x = (games_ctx *)c;
  lua_State *L = x->L;
  int top = lua_gettop(L);
  lua_pushvalue(L, x->fn);
  lua_pushinteger(L, (lua_Integer)n);
  const char *why = NULL;
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) why = lua_tostring(L, -1);
  else why = read_result(x, lua_gettop(L), out);
  if (why) snprintf(err, errcap, "%s", why);
  lua_settop(L, top);
  return why ? -1 : 0;
}

static lua_Integer int_opt(lua_State *L, const char *key, lua_Integer def) {
  lua_getfield(L, 1, key);
  lua_Integer v = luaL_optinteger(L, -1, def);
  lua_pop(L, 1);
  return v;
}

static int function_opt(lua_State *L, const char *key) {
  lua_getfield(L, 1, key);
  if (lua_isfunction(L, -1)) return lua_gettop(L);
  lua_pop(L, 1);
  return 0;
}

/* meeple.play_games{rules =, players =, games =, first =, jobs =,
** play = fn(n) -> result, progress = fn(done, seconds), progress_every =,
** on_game = fn(row)} -> summary (sim_run.h). */
int mp_sim_games(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "rules");
  const gk_rules *r = mp_checkrules(L, -1);
  lua_Integer games = int_opt(L, "games", 0), first = int_opt(L, "first", 0);
  lua_Integer players = int_opt(L, "players", 0), jobs = int_opt(L, "jobs", 1);
  lua_Integer every = int_opt(L, "progress_every", MP_SIM_PROGRESS_EVERY);
  luaL_argcheck(L, games >= 0, 1, "games must be >= 0");
  luaL_argcheck(L, players >= 1 && players <= GK_MAX_PLAYERS, 1, "players out of range");
  luaL_argcheck(L, jobs >= 1 && jobs <= GK_MAX_JOBS, 1, "jobs out of range");
  luaL_argcheck(L, every >= 1, 1, "progress_every must be >= 1");
  if (jobs > games) jobs = games > 0 ? games : 1;
  lua_getfield(L, 1, "play");
  luaL_argcheck(L, lua_isfunction(L, -1), 1, "play must be a function");
  games_ctx ctx = {L, lua_gettop(L), r, (int)players};
  int progress = function_opt(L, "progress"), on_game = function_opt(L, "on_game");
  mp_sim_plan plan = {games, (uint64_t)first, (int)jobs, games_play, &ctx, r, (int)players,
                      progress, on_game, (int)every};
  mp_sim_summary *sum = (mp_sim_summary *)lua_newuserdatauv(L, sizeof *sum, 0);
  mp_sim_run(L, &plan, sum);
  mp_sim_push_summary(L, sum, r, (int)players);
  return 1;
}
