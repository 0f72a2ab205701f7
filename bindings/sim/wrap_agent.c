/*
** wrap_agent.c: meeple.agent{...}, the searching agents of gk_agent.h as
** an Agent userdata: agent:choose(play [, salt]) returns the index of the
** move it picks (from 1) and what the search did.
**
** An Agent holds only its parameters; each choice builds and frees its
** own search. For rules with hooks the copies it plays in run the hooks
** through a lender Play (wrap_flow.c) pointed at the copy in play.
*/
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "gk_agent.h"
#include "sim_run.h"
#include "wrap_internal.h"
#include "wrap_play.h"

#define MP_AGENT "meeple.Agent"

enum { AGENT_MCTS, AGENT_GREEDY };

typedef struct mp_agent {
  int kind;
  gk_mcts_params mcts;
  gk_greedy_params greedy;
} mp_agent;

static const char *const kinds[] = {"mcts", "greedy", NULL};

/* {------------------------------------------------------------------
** Hook lenders. The copies a search plays in run the play's hooks
** through a Play userdata of their own (the lender, left on the stack
** during the search), pointed at whichever copy is playing, as
** flow:simulate does for its games.
** ------------------------------------------------------------------- */

typedef struct mp_lender {
  mp_play *lender;
  mp_game *view;
  gk_play *own;
  gk_hooks hooks;
  gk_hook_filters filters;
} mp_lender;

/* Pushes a lender for the play at play_arg and returns 1, or returns 0
** and pushes nothing when the play has no hooks. */
static int lend_hooks(lua_State *L, int play_arg, mp_lender *out) {
  play_arg = lua_absindex(L, play_arg);
  mp_play *ud = mp_checkplayud(L, play_arg);
  memset(out, 0, sizeof *out);
  if (!ud->present) return 0;
  gk_play *own = gk_play_clone(ud->play);
  if (!own) return luaL_error(L, "not enough memory");
  lua_getiuservalue(L, play_arg, 1); /* flow */
  int flow_idx = lua_gettop(L);
  lua_getiuservalue(L, flow_idx, 1); /* rules */
  lua_getiuservalue(L, play_arg, 3); /* dispatcher */
  mp_play *lender = mp_newplay(L, flow_idx, flow_idx + 1, flow_idx + 2, own, ud->present,
                               ud->collect_phases, ud->deploy_kinds, ud->hook_call);
  mp_setfilters(lender, &ud->filters);
  mp_copy_c_paths(L, -1, play_arg);
  lua_replace(L, flow_idx);
  lua_settop(L, flow_idx);
  lender->L = L;
  lender->self = flow_idx;
  lua_getiuservalue(L, flow_idx, 2);
  out->view = (mp_game *)lua_touserdata(L, -1);
  lua_pop(L, 1);
  out->lender = lender;
  out->own = own;
  out->hooks = (gk_hooks){lender, ud->present, ud->collect_phases, ud->hook_call, ud->deploy_kinds};
  out->filters = ud->filters;
  return 1;
}

/* The lender shows copy now (NULL: its own game again, before the
** lender is collected). */
static void lender_point(mp_lender *l, gk_play *copy) {
  if (!l->lender) return;
  l->lender->play = copy ? copy : l->own;
  mp_gameview_invalidate(l->view, gk_play_game(l->lender->play));
}

/* The search is over: the lender's copy of the game goes now, not when
** the collector finds the lender. Lua sees only the small userdata, so a
** game's worth of C memory per decision piled up between collections
** until the scripts' memory cap failed (a greedy game with one hook hit
** 8 MiB by its second game). A hook that kept its view or play finds it
** gone, as it would after a collection. */
static void lender_release(mp_lender *l) {
  if (!l->lender) return;
  l->lender->play = NULL;
  mp_gameview_invalidate(l->view, NULL);
  gk_play_free(l->own);
  l->own = NULL;
}

/* }------------------------------------------------------------------ */

/* The keys each kind takes; any other key is refused. */
static const char *const mcts_keys[] = {"kind", "playouts", "time_ms", "exploration", "seed",
                                        "playout_turns", "win_weight", "margin_scale", "open",
                                        "figure", "max_tree_mb", "prior_visits", "prior_depth",
                                        "follow",
                                        "root_moves", "policy", "epsilon", "sample", "common_draws",
                                        "reply_sample", "stop_settled", "final", "complete",
                                        "complete_tiles", "figure_tiles", NULL};
static const char *const policies[] = {"random", "greedy", NULL};
static const char *const greedy_keys[] = {"kind", "seed", "open", "figure", "depth", NULL};

static void check_keys(lua_State *L, int t, const char *const *keys, const char *kind) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    int known = 0;
    if (lua_type(L, -1) == LUA_TSTRING)
      for (int i = 0; keys[i] && !known; i++) known = strcmp(keys[i], lua_tostring(L, -1)) == 0;
    if (!known) {
      luaL_error(L, "meeple.agent: unknown argument '%s' for a %s agent",
                 luaL_tolstring(L, -1, NULL), kind);
    }
  }
}

static double optnumber(lua_State *L, int t, const char *key, double def, double lo, double hi) {
  lua_getfield(L, t, key);
  double v = def;
  if (!lua_isnil(L, -1)) {
    if (!lua_isnumber(L, -1)) luaL_error(L, "meeple.agent: %s must be a number", key);
    v = lua_tonumber(L, -1);
    if (!(v >= lo && v <= hi)) luaL_error(L, "meeple.agent: %s must be in %f..%f, got %f", key, lo, hi, v);
  }
  lua_pop(L, 1);
  return v;
}

static lua_Integer optint(lua_State *L, int t, const char *key, lua_Integer def, lua_Integer lo,
                          lua_Integer hi) {
  lua_getfield(L, t, key);
  lua_Integer v = def;
  if (!lua_isnil(L, -1)) {
    int isint;
    v = lua_tointegerx(L, -1, &isint);
    if (!isint) luaL_error(L, "meeple.agent: %s must be an integer", key);
    if (v < lo || v > hi)
      luaL_error(L, "meeple.agent: %s must be in %I..%I, got %I", key, lo, hi, v);
  }
  lua_pop(L, 1);
  return v;
}

static int optpolicy(lua_State *L, int t, int def) {
  lua_getfield(L, t, "policy");
  int v = def;
  if (!lua_isnil(L, -1)) {
    const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    for (v = 0; policies[v] && strcmp(policies[v], name) != 0; v++) {}
    if (!policies[v])
      luaL_error(L, "meeple.agent: policy must be \"random\" or \"greedy\", got %s",
                 luaL_tolstring(L, -1, NULL));
  }
  lua_pop(L, 1);
  return v;
}

static void read_eval(lua_State *L, int t, gk_agent_eval *eval) {
  eval->open = optnumber(L, t, "open", eval->open, -100, 100);
  eval->figure = optnumber(L, t, "figure", eval->figure, -100, 100);
}

static void read_mcts(lua_State *L, int t, gk_mcts_params *p) {
  check_keys(L, t, mcts_keys, "mcts");
  gk_mcts_defaults(p);
  p->playouts = (int)optint(L, t, "playouts", p->playouts, 1, 100000000);
  p->time_us = (int64_t)(optnumber(L, t, "time_ms", 0, 0, 3.6e6) * 1000);
  p->exploration = optnumber(L, t, "exploration", p->exploration, 0, 100);
  p->seed = (uint64_t)optint(L, t, "seed", (lua_Integer)p->seed, LUA_MININTEGER, LUA_MAXINTEGER);
  p->playout_turns = (int)optint(L, t, "playout_turns", p->playout_turns, 0, 100000);
  p->win_weight = optnumber(L, t, "win_weight", p->win_weight, 0, 1);
  p->margin_scale = optnumber(L, t, "margin_scale", p->margin_scale, 0.001, 1e6);
  p->max_tree_bytes = (size_t)optint(L, t, "max_tree_mb", (lua_Integer)(p->max_tree_bytes >> 20), 1,
                                     1 << 20) << 20;
  p->prior_visits = (int)optint(L, t, "prior_visits", p->prior_visits, 0, 1000000);
  p->prior_depth = (int)optint(L, t, "prior_depth", p->prior_depth, 1, 6);
  p->follow = (int)optint(L, t, "follow", p->follow, 0, 1000000);
  p->root_moves = (int)optint(L, t, "root_moves", p->root_moves, 0, 1000000);
  p->playout_policy = optpolicy(L, t, p->playout_policy);
  p->epsilon = optnumber(L, t, "epsilon", p->epsilon, 0, 1);
  p->sample = (int)optint(L, t, "sample", p->sample, 0, 1000000);
  p->common_draws = (int)optint(L, t, "common_draws", p->common_draws, 0, 1);
  p->reply_sample = (int)optint(L, t, "reply_sample", p->reply_sample, -1, 1000000);
  p->stop_settled = (int)optint(L, t, "stop_settled", p->stop_settled, 0, 1);
  read_eval(L, t, &p->eval);
  p->eval.final = optnumber(L, t, "final", p->eval.final, -100, 100);
  p->eval.complete = optnumber(L, t, "complete", p->eval.complete, -100, 100);
  p->eval.complete_tiles = optnumber(L, t, "complete_tiles", p->eval.complete_tiles, 0, 1e6);
  p->eval.figure_tiles = optnumber(L, t, "figure_tiles", p->eval.figure_tiles, 0, 1e6);
}

static void read_greedy(lua_State *L, int t, gk_greedy_params *p) {
  check_keys(L, t, greedy_keys, "greedy");
  gk_greedy_defaults(p);
  p->seed = (uint64_t)optint(L, t, "seed", (lua_Integer)p->seed, LUA_MININTEGER, LUA_MAXINTEGER);
  p->depth = (int)optint(L, t, "depth", p->depth, 1, 6);
  read_eval(L, t, &p->eval);
}

/* meeple.agent{kind = "mcts" | "greedy", ...} */
static int agent_new(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "kind");
  int kind = luaL_checkoption(L, -1, NULL, kinds);
  lua_pop(L, 1);
  mp_agent *a = (mp_agent *)lua_newuserdatauv(L, sizeof *a, 0);
  memset(a, 0, sizeof *a);
  a->kind = kind;
  if (kind == AGENT_MCTS) read_mcts(L, 1, &a->mcts);
  else read_greedy(L, 1, &a->greedy);
  luaL_setmetatable(L, MP_AGENT);
  return 1;
}

static void refilled(void *ud, gk_play *copy) { lender_point((mp_lender *)ud, copy); }

/* The env an agent searches the play at play_arg with: its hooks, lent
** (see lend_hooks), when it has any. */
static gk_agent_env lend_env(lua_State *L, int play_arg, mp_lender *lender) {
  if (!lend_hooks(L, play_arg, lender)) return (gk_agent_env){NULL, NULL, NULL, NULL};
  return (gk_agent_env){&lender->hooks, &lender->filters, refilled, lender};
}

static void push_stats(lua_State *L, const gk_agent_stats *st) {
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, st->playouts);
  lua_setfield(L, -2, "playouts");
  lua_pushinteger(L, st->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushinteger(L, (lua_Integer)st->tree_bytes);
  lua_setfield(L, -2, "tree_bytes");
  lua_pushinteger(L, st->best_visits);
  lua_setfield(L, -2, "visits");
  lua_pushnumber(L, st->best_value);
  lua_setfield(L, -2, "value");
  lua_pushinteger(L, st->moves);
  lua_setfield(L, -2, "moves");
}

/* agent:choose(play [, salt]) -> move index, stats */
static int agent_choose(lua_State *L) {
  mp_agent *a = (mp_agent *)luaL_checkudata(L, 1, MP_AGENT);
  mp_play *pud = mp_checkplayud(L, 2);
  luaL_argcheck(L, pud->play != NULL, 2, "play is gone (freed)");
  gk_play *play = pud->play;
  uint64_t salt = (uint64_t)luaL_optinteger(L, 3, 0);
  lua_settop(L, 3);
  mp_lender lender;
  gk_agent_env env = lend_env(L, 2, &lender);
  gk_agent_stats stats;
  int i = a->kind == AGENT_MCTS ? gk_mcts_choose(&a->mcts, play, &env, salt, &stats)
                                : gk_greedy_choose(&a->greedy, play, &env, salt, &stats);
  lender_release(&lender);
  if (i < 0) return luaL_error(L, "%s", gk_play_error(play));
  lua_pushinteger(L, i + 1);
  push_stats(L, &stats);
  return 2;
}

/* agent:memo_check(play) -> moves whose values the playout policy's memo
** got wrong (0), points it answered (tests: gk_agent_memo_check) */
static int agent_memo_check(lua_State *L) {
  mp_agent *a = (mp_agent *)luaL_checkudata(L, 1, MP_AGENT);
  mp_play *pud = mp_checkplayud(L, 2);
  luaL_argcheck(L, pud->play != NULL, 2, "play is gone (freed)");
  lua_settop(L, 2);
  mp_lender lender;
  gk_agent_env env = lend_env(L, 2, &lender);
  int answered = 0;
  const gk_agent_eval *eval = a->kind == AGENT_MCTS ? &a->mcts.eval : &a->greedy.eval;
  int bad = gk_agent_memo_check(pud->play, eval, &env, &answered);
  lender_release(&lender);
  if (bad < 0) return luaL_error(L, "%s", gk_play_error(pud->play));
  lua_pushinteger(L, bad);
  lua_pushinteger(L, answered);
  return 2;
}

/* agent:rewind_check(play) -> moves whose rewind differed from a fresh
** copy (0), rewinds by the journal, first part that differed (tests:
** gk_play_rewind_check) */
static int agent_rewind_check(lua_State *L) {
  luaL_checkudata(L, 1, MP_AGENT);
  mp_play *pud = mp_checkplayud(L, 2);
  luaL_argcheck(L, pud->play != NULL, 2, "play is gone (freed)");
  lua_settop(L, 2);
  mp_lender lender;
  gk_agent_env env = lend_env(L, 2, &lender);
  int rewound = 0, first_bad = 0;
  int bad = gk_play_rewind_check(pud->play, &env, &rewound, &first_bad);
  lender_release(&lender);
  if (bad < 0) return luaL_error(L, "%s", gk_play_error(pud->play));
  lua_pushinteger(L, bad);
  lua_pushinteger(L, rewound);
  lua_pushinteger(L, first_bad);
  return 3;
}

/* agent:values(play) -> {value of player 1, ...}: the position value
** the agent's search gives a leaf (greedy: its own), play unchanged */
static int agent_position_values(lua_State *L) {
  mp_agent *a = (mp_agent *)luaL_checkudata(L, 1, MP_AGENT);
  mp_play *pud = mp_checkplayud(L, 2);
  luaL_argcheck(L, pud->play != NULL, 2, "play is gone (freed)");
  double v[GK_MAX_PLAYERS];
  int st = a->kind == AGENT_MCTS ? gk_agent_leaf_values(pud->play, &a->mcts.eval, v)
                                 : gk_agent_values(pud->play, &a->greedy.eval, v);
  if (st < 0) return luaL_error(L, "%s", gk_play_error(pud->play));
  int players = gk_game_players(gk_play_game(pud->play));
  lua_createtable(L, players, 0);
  for (int p = 0; p < players; p++) {
    lua_pushnumber(L, v[p]);
    lua_rawseti(L, -2, p + 1);
  }
  return 1;
}

static int agent_tostring(lua_State *L) {
  mp_agent *a = (mp_agent *)luaL_checkudata(L, 1, MP_AGENT);
  if (a->kind == AGENT_GREEDY)
    lua_pushfstring(L, "meeple.Agent(greedy, depth %d)", a->greedy.depth);
  else if (a->mcts.time_us > 0)
    lua_pushfstring(L, "meeple.Agent(mcts, %d ms)", (int)(a->mcts.time_us / 1000));
  else
    lua_pushfstring(L, "meeple.Agent(mcts, %d playouts)", a->mcts.playouts);
  return 1;
}

static const luaL_Reg agent_methods[] = {
  {"choose", agent_choose},
  {"memo_check", agent_memo_check},
  {"values", agent_position_values},
  {"rewind_check", agent_rewind_check},
  {NULL, NULL}
};

void mp_open_agent(lua_State *L) {
  luaL_newmetatable(L, MP_AGENT);
  luaL_newlib(L, agent_methods);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, agent_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushliteral(L, "meeple.Agent");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  lua_pushcfunction(L, agent_new);
  lua_setfield(L, -2, "agent");
  lua_pushcfunction(L, mp_sim_games);
  lua_setfield(L, -2, "play_games");
}
