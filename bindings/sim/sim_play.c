/*
** sim_play.c: flow:simulate, many random games at once in C, for meeple
** sim and meeple bench: how one game is played (sim_one) and the options
** it takes. Who plays which game, in how many processes, and how the
** results come back and are summed is sim_run.c.
**
** Invariant: game i plays from seed + i - 1 whatever the number of jobs,
** and from the scripts' state after loading (opts.fresh), so the results
** never depend on --jobs.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "hooks.h"
#include "host.h"
#include "sim_run.h"
#include "wrap_play.h"

/* Features whose ids a game's count of closed ones keeps on the stack
** (more come from the heap). */
enum { SIM_FEATURES_LOCAL = 1024 };

/* Each player's points by feature kind, from the game's ledger (the
** feature's kind at scoring time; MP_SIM_NO_KIND: none). */
static void ledger_points(const gk_game *g, mp_sim_result *out) {
  int n = gk_ledger_count(g);
  gk_ledger_entry e;
  for (int i = 0; i < n; i++) {
    if (gk_ledger_get(g, i, &e) != GK_OK || e.player < 0 || e.player >= GK_MAX_PLAYERS) continue;
    int k = e.kind >= 0 && e.kind < GK_MAX_KINDS ? e.kind : MP_SIM_NO_KIND;
    out->points[e.player][k] += e.points;
  }
}

#define MP_SIM_PLAY "meeple.SimPlay"

/* The play (and its game) every game of a run is played in, held by a
** userdata so that an error on the way frees them. */
typedef struct sim_holder {
  gk_play *play;
} sim_holder;

static int sim_holder_gc(lua_State *L) {
  sim_holder *h = (sim_holder *)lua_touserdata(L, 1);
  gk_play_free(h->play);
  h->play = NULL;
  return 0;
}

/* One random game from a prepared position: copy into p's game, reseed,
** shuffle, restart p. p and its game are reused for every game of the run
** (a copy into the game's buffers costs a tenth of a clone, and a new
** play each game cost malloc a consolidation of its free lists). */
static int sim_one(mp_game *view, const gk_flow *f, const gk_game *templ, gk_play *p,
                   const int *stacks, int n_stacks, uint64_t seed, const gk_hooks *hooks,
                   mp_play *hook_ud, int want_closed, int check, mp_sim_result *out, char *err,
                   size_t errcap) {
  gk_game *g = gk_play_game(p);
  if (gk_game_copy(g, templ)) {
    snprintf(err, errcap, "not enough memory");
    return -1;
  }
  gk_rng_reseed(g, seed);
  for (int s = 0; s < n_stacks; s++) gk_stack_shuffle(g, stacks[s]);
  gk_play_restart(p);
  if (hooks) {
    /* the lent Play and its view show this game while it runs */
    gk_hooks h = *hooks;
    h.ud = hook_ud;
    gk_play_set_hooks(p, &h);
    gk_play_set_hook_filters(p, &hook_ud->filters);
    hook_ud->play = p;
    mp_gameview_invalidate(view, g);
  }
  gk_play_seed_agent(p, seed);
  int st = gk_play_start(p);
  int moves = 0;
  gk_invariant_memo memo = {{0}, 0};
  char broke[192] = "";
  if (check && st >= 0 && gk_play_check_invariants(p, &memo, broke, sizeof broke)) st = GK_EILLEGAL;
  while (st >= 0 && !gk_play_over(p)) {
    st = gk_play_random_move(p);
    moves++;
    if (check && st >= 0 && gk_play_check_invariants(p, &memo, broke, sizeof broke))
      st = GK_EILLEGAL;
  }
  if (st < 0 && broke[0]) {
    const char *phase = gk_flow_phase_name(f, gk_play_phase(p));
    snprintf(err, errcap, "seed %llu, move %d (turn %d, phase %s): invariant broken: %s",
             (unsigned long long)seed, moves, gk_play_turn(p) + 1, phase ? phase : "?", broke);
    if (view) mp_gameview_invalidate(view, NULL);
    return -1;
  }
  if (st < 0) {
    char buf[GK_ERR_MAX + sizeof hook_ud->hook_where];
    const char *msg = hooks ? mp_play_message(hook_ud, p, buf, sizeof buf) : gk_play_error(p);
    snprintf(err, errcap, "seed %llu: %s", (unsigned long long)seed, msg);
    if (view) mp_gameview_invalidate(view, NULL);
    return -1;
  }
  int status = 0;
  memset(out, 0, sizeof *out);
  for (int pl = 0; pl < gk_game_players(g); pl++) out->scores[pl] = gk_player_score(g, pl);
  out->turns = gk_play_turn(p);
  out->moves = moves;
  int n = want_closed ? gk_features(g, NULL, 0) : 0; /* none asked: no walk */
  int32_t local[SIM_FEATURES_LOCAL], *ids = local;
  if (n > SIM_FEATURES_LOCAL) ids = malloc(sizeof(int32_t) * (size_t)n);
  if (n > 0 && ids) {
    gk_features(g, ids, n);
    for (int i = 0; i < n; i++)
      if (gk_feature_closed(g, ids[i]) == 1) out->closed[gk_feature_kind(g, ids[i])]++;
  }
  if (ids != local) free(ids);
  if (want_closed) ledger_points(g, out);
  if (n > 0 && !ids) {
    snprintf(err, errcap, "not enough memory counting %d features", n);
    status = -1;
  }
  if (view) mp_gameview_invalidate(view, NULL);
  return status;
}

/* How simrun plays one game: sim_one, then the lent Play goes back to its
** holder between games. */
typedef struct sim_ctx {
  mp_game *view;
  const gk_flow *f;
  const gk_game *templ;
  gk_play *reuse;
  const int *stacks;
  int n_stacks;
  const gk_hooks *hooks;
  mp_play *hud;
  gk_play *holder;
  int want_closed;
  int check; /* check_invariants: after every move */
  lua_State *L;
  int fresh; /* stack index of the scripts' state after loading, or 0 */
} sim_ctx;

static int sim_play(void *c, uint64_t seed, mp_sim_result *out, char *err, size_t errcap) {
  sim_ctx *x = (sim_ctx *)c;
  /* every game starts from the scripts' state after loading, so that
  ** game i is the same in any process layout (sandbox_fresh.c) */
  if (x->fresh && mp_host_fresh(x->L, x->fresh) != MP_SANDBOX_OK) {
    snprintf(err, errcap, "seed %llu: %s", (unsigned long long)seed,
             mp_sandbox_error(mp_host_sandbox(mp_host_of(x->L))));
    return -1;
  }
  int st = sim_one(x->view, x->f, x->templ, x->reuse, x->stacks, x->n_stacks, seed, x->hooks,
                   x->hud, x->want_closed, x->check, out, err, errcap);
  if (x->hud) {
    x->hud->play = x->holder;
    mp_gameview_invalidate(x->view, gk_play_game(x->holder));
  }
  return st;
}

/* flow:simulate(template, {games=, seed=, stacks={names}, features=bool, check_invariants=bool,
** jobs=, hooks=, dispatch=, progress=fn(done, seconds), on_game=fn(row)})
** -> summary (see sim_run.h). Game i plays from seed + i - 1, in one
** process or in 'jobs' child processes; features = false skips counting
** completed features; check_invariants = true checks gk_play_check_invariants
** after every move and fails naming the seed and the move. Hooks run in
** this state through a temporary Play. */
int mp_flow_simulate(lua_State *L) {
  gk_flow *f = mp_checkflow(L, 1);
  const gk_rules *r = gk_flow_rules(f);
  gk_game *templ = mp_checkgame(L, 2);
  luaL_argcheck(L, gk_game_rules(templ) == r, 2, "game of other rules");
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_getfield(L, 3, "games");
  lua_Integer games = luaL_checkinteger(L, -1);
  lua_getfield(L, 3, "seed");
  lua_Integer seed = luaL_optinteger(L, -1, 1);
  lua_getfield(L, 3, "features");
  int want = lua_isnil(L, -1) || lua_toboolean(L, -1);
  lua_getfield(L, 3, "check_invariants");
  int check = lua_toboolean(L, -1);
  lua_pop(L, 4);
  luaL_argcheck(L, games >= 0, 3, "games must be >= 0");
  int stacks[GK_MAX_STACKS], n_stacks = 0;
  if (lua_getfield(L, 3, "stacks") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n && n_stacks < GK_MAX_STACKS; i++) {
      lua_geti(L, -1, i);
      stacks[n_stacks++] = mp_checkname(L, lua_gettop(L), r, gk_rules_find_stack, "stack");
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  uint32_t present = mp_hookmask(L, 3);
  uint64_t collect_phases = mp_collectmask(L, 3, f);
  uint32_t deploy_kinds = mp_deploymask(L, 3, f);
  gk_hook_filters filters = mp_hookfilters(L, 3, f);
  /* A Play userdata that lends hooks its identity during each game. */
  mp_play *hud = NULL;
  mp_game *view = NULL;
  gk_hooks hooks = {NULL, present, collect_phases, mp_hook_call, deploy_kinds};
  if (present) {
    lua_getfield(L, 3, "dispatch");
    luaL_checktype(L, -1, LUA_TFUNCTION);
    int disp = lua_gettop(L);
    lua_getiuservalue(L, 1, 1);
    int rules_idx = lua_gettop(L);
    gk_game *dummy = gk_game_clone(templ);
    gk_play *holder = dummy ? gk_play_new(f, dummy, NULL) : NULL;
    if (!holder) {
      gk_game_free(dummy);
      return luaL_error(L, "not enough memory");
    }
    hud = mp_newplay(L, 1, rules_idx, disp, holder, present, collect_phases, deploy_kinds,
                     mp_hook_call);
    mp_setfilters(hud, &filters);
    mp_set_c_paths(L, -1, 3);
    hud->L = L;
    hud->self = lua_gettop(L);
    lua_getiuservalue(L, hud->self, 2);
    view = (mp_game *)lua_touserdata(L, -1);
    lua_pop(L, 1);
  }
  lua_getfield(L, 3, "fresh");
  int fresh = lua_istable(L, -1) && present ? lua_gettop(L) : 0;
  lua_getfield(L, 3, "progress");
  int progress = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
  lua_getfield(L, 3, "on_game");
  int on_game = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
  lua_getfield(L, 3, "jobs");
  lua_Integer jobs = luaL_optinteger(L, -1, 1);
  lua_pop(L, 1);
  if (jobs > GK_MAX_JOBS) return luaL_error(L, "simulate: %d jobs, at most %d", (int)jobs, GK_MAX_JOBS);
  if (jobs > games) jobs = games;
  if (jobs < 1) jobs = 1;
  /* the one play every game of this process is played in */
  sim_holder *hold = (sim_holder *)lua_newuserdatauv(L, sizeof *hold, 0);
  hold->play = NULL;
  if (luaL_newmetatable(L, MP_SIM_PLAY)) {
    lua_pushcfunction(L, sim_holder_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "private");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  gk_game *reuse_game = gk_game_clone(templ);
  hold->play = reuse_game ? gk_play_new(f, reuse_game, NULL) : NULL;
  if (!hold->play) {
    gk_game_free(reuse_game);
    return luaL_error(L, "not enough memory");
  }
  gk_play *reuse = hold->play;
  sim_ctx ctx = {view, f, templ, reuse, stacks, n_stacks, present ? &hooks : NULL,
                 hud, hud ? hud->play : NULL, want, check, L, fresh};
  mp_sim_plan plan = {games, (uint64_t)seed, (int)jobs, sim_play, &ctx, r,
                      gk_game_players(templ), progress, on_game, 0};
  mp_sim_summary *sum = (mp_sim_summary *)lua_newuserdatauv(L, sizeof *sum, 0);
  mp_sim_run(L, &plan, sum);
  mp_sim_push_summary(L, sum, r, gk_game_players(templ));
  return 1;
}

static const luaL_Reg flow_methods[] = {
  {"simulate", mp_flow_simulate},
  {NULL, NULL}
};

/* Gives the Flow (play/) its flow:simulate, and opens meeple.bench_kernel
** and meeple.agent. */
void mp_open_sim(lua_State *L) {
  mp_add_methods(L, MP_FLOW, flow_methods);
  mp_open_bench(L);
  mp_open_agent(L);
}
