/*
** simulate.c: flow:simulate, many random games at once in C, in several
** processes (fork, results back through pipes), for meeple sim and
** meeple bench.
**
** Invariant: game i plays from seed + i - 1 whatever the number of jobs,
** so the results never depend on --jobs.
*/
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>

#include "wrap_play.h"

/* Features whose ids a game's count of closed ones keeps on the stack
** (more come from the heap). */
enum { SIM_FEATURES_LOCAL = 1024 };

typedef struct sim_result {
  int32_t scores[GK_MAX_PLAYERS];
  int32_t turns;
  int32_t moves;
  int32_t closed[GK_MAX_KINDS];
} sim_result;

/* One random game from a prepared position: copy into g, reseed, shuffle.
** g is one game reused for every game of the run (a copy into its
** buffers costs a tenth of a clone). */
static int sim_one(mp_game *view, const gk_flow *f, const gk_game *templ, gk_game *g,
                   const int *stacks, int n_stacks, uint64_t seed, const gk_hooks *hooks,
                   mp_play *hook_ud, int want_closed, sim_result *out, char *err,
                   size_t errcap) {
  if (gk_game_copy(g, templ)) {
    snprintf(err, errcap, "not enough memory");
    return -1;
  }
  gk_rng_reseed(g, seed);
  for (int s = 0; s < n_stacks; s++) gk_stack_shuffle(g, stacks[s]);
  gk_play *p = gk_play_new(f, g, NULL);
  if (!p) {
    snprintf(err, errcap, "not enough memory");
    return -1;
  }
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
  while (st >= 0 && !gk_play_over(p)) {
    st = gk_play_random_move(p);
    moves++;
  }
  if (st < 0) {
    snprintf(err, errcap, "seed %llu: %s", (unsigned long long)seed, gk_play_error(p));
    if (view) mp_gameview_invalidate(view, NULL);
    gk_play_release(p); /* g stays for the next game */
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
  if (n > 0 && !ids) {
    snprintf(err, errcap, "not enough memory counting %d features", n);
    status = -1;
  }
  if (view) mp_gameview_invalidate(view, NULL);
  gk_play_release(p); /* g stays for the next game */
  return status;
}

static bool write_all(int fd, const void *p, size_t n) {
  const char *c = (const char *)p;
  while (n > 0) {
    ssize_t k = write(fd, c, n);
    if (k <= 0) return false;
    c += k;
    n -= (size_t)k;
  }
  return true;
}

static bool read_all(int fd, void *p, size_t n) {
  char *c = (char *)p;
  while (n > 0) {
    ssize_t k = read(fd, c, n);
    if (k <= 0) return false;
    c += k;
    n -= (size_t)k;
  }
  return true;
}

/* Stops and waits for the jobs still running (after a failure). */
static void reap(int fds[][2], pid_t *pids, lua_Integer jobs) {
  for (lua_Integer j = 1; j < jobs; j++) {
    if (fds[j][0] >= 0) close(fds[j][0]);
    if (pids[j] > 0) {
      kill(pids[j], SIGTERM);
      waitpid(pids[j], NULL, 0);
    }
  }
}

/* flow:simulate(template, {games=, seed=, stacks={names}, results=bool, jobs=,
** hooks=, dispatch=, progress=fn}) -> list of {scores=, turns=, moves=,
** closed={kind=n}} (or the count when results is false). Game i plays
** from seed + i - 1. Hooks run in this state through a temporary Play. */
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
  lua_getfield(L, 3, "results");
  int want = lua_isnil(L, -1) || lua_toboolean(L, -1);
  lua_pop(L, 3);
  int stacks[GK_MAX_STACKS], n_stacks = 0;
  if (lua_getfield(L, 3, "stacks") == LUA_TTABLE) {
    lua_Integer n = luaL_len(L, -1);
    if (n > GK_MAX_STACKS) return luaL_error(L, "simulate: %d stacks, at most %d", (int)n, GK_MAX_STACKS);
    for (lua_Integer i = 1; i <= n; i++) {
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
    hud = mp_newplay(L, 1, rules_idx, disp, holder, present, collect_phases, deploy_kinds);
    mp_setfilters(hud, &filters);
    hud->L = L;
    hud->self = lua_gettop(L);
    lua_getiuservalue(L, hud->self, 2);
    view = (mp_game *)lua_touserdata(L, -1);
    lua_pop(L, 1);
  }
  lua_getfield(L, 3, "progress");
  int progress = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
  lua_getfield(L, 3, "jobs");
  lua_Integer jobs = luaL_optinteger(L, -1, 1);
  lua_pop(L, 1);
  if (jobs > GK_MAX_JOBS) return luaL_error(L, "simulate: %d jobs, at most %d", (int)jobs, GK_MAX_JOBS);
  if (jobs < 1) jobs = 1;
  if (jobs > games) jobs = games > 0 ? games : 1;
  sim_result *all = NULL;
  if (want && games > 0) {
    all = (sim_result *)lua_newuserdatauv(L, sizeof(sim_result) * (size_t)games, 0);
  }
  int all_idx = lua_gettop(L);
  (void)all_idx;
  char err[256];
  long total_moves = 0;
  gk_play *holder_play = hud ? hud->play : NULL;
  /* the one game every game of this process is played in, owned by a
  ** Game userdata so that an error on the way frees it */
  gk_game *reuse = gk_game_clone(templ);
  if (!reuse) return luaL_error(L, "not enough memory");
  lua_getiuservalue(L, 1, 1);
  mp_pushgame(L, -1, reuse);
  /* Job j plays games [j*games/jobs, (j+1)*games/jobs): the same games,
  ** seeds and results whatever the number of jobs. Jobs 1.. run in child
  ** processes (a fork copies the Lua state and the rules with it) and
  ** send their results back through a pipe; job 0 runs here. */
  int fds[GK_MAX_JOBS][2];
  pid_t pids[GK_MAX_JOBS];
  for (lua_Integer j = 1; j < jobs; j++) {
    if (pipe(fds[j]) != 0) return luaL_error(L, "cannot make a pipe for job %d", (int)j);
    fflush(stdout);
    fflush(stderr);
    pids[j] = fork();
    if (pids[j] < 0) return luaL_error(L, "cannot start job %d", (int)j);
    if (pids[j] == 0) {
      close(fds[j][0]);
      lua_Integer from = j * games / jobs, to = (j + 1) * games / jobs;
      int32_t status = 0;
      long moves = 0;
      for (lua_Integer i = from; i < to && status == 0; i++) {
        sim_result res;
        status = sim_one(view, f, templ, reuse, stacks, n_stacks, (uint64_t)(seed + i),
                         present ? &hooks : NULL, hud, want, &res, err, sizeof err);
        if (hud) {
          hud->play = holder_play;
          mp_gameview_invalidate(view, gk_play_game(holder_play));
        }
        moves += res.moves;
        if (status == 0 && want && !write_all(fds[j][1], &res, sizeof res)) status = -1;
      }
      /* a trailer: status, moves, and the message on failure */
      write_all(fds[j][1], &status, sizeof status);
      write_all(fds[j][1], &moves, sizeof moves);
      write_all(fds[j][1], err, sizeof err);
      _exit(0);
    }
    close(fds[j][1]);
  }
  lua_Integer first_end = games / jobs;
  for (lua_Integer i = 0; i < first_end; i++) {
    sim_result res;
    int st = sim_one(view, f, templ, reuse, stacks, n_stacks, (uint64_t)(seed + i), present ? &hooks : NULL,
                     hud, want, &res, err, sizeof err);
    if (hud) {
      hud->play = holder_play;
      mp_gameview_invalidate(view, gk_play_game(holder_play));
    }
    if (st < 0) {
      reap(fds, pids, jobs);
      lua_pushstring(L, err);
      return lua_error(L);
    }
    total_moves += res.moves;
    if (want) all[i] = res;
    if (progress && ((i + 1) % 256 == 0 || i + 1 == first_end)) {
      lua_pushvalue(L, progress);
      lua_pushinteger(L, (i + 1) * jobs < games ? (i + 1) * jobs : games);
      lua_call(L, 1, 0);
    }
  }
  for (lua_Integer j = 1; j < jobs; j++) {
    lua_Integer from = j * games / jobs, to = (j + 1) * games / jobs;
    bool ok = true;
    if (want) ok = read_all(fds[j][0], &all[from], sizeof(sim_result) * (size_t)(to - from));
    int32_t status = -1;
    long moves = 0;
    ok = ok && read_all(fds[j][0], &status, sizeof status) && read_all(fds[j][0], &moves, sizeof moves) &&
         read_all(fds[j][0], err, sizeof err);
    close(fds[j][0]);
    fds[j][0] = -1;
    int ws;
    waitpid(pids[j], &ws, 0);
    pids[j] = -1;
    if (!ok || status != 0) {
      reap(fds, pids, jobs);
      if (!ok) snprintf(err, sizeof err, "job %d of the simulation died", (int)j);
      err[sizeof err - 1] = 0;
      lua_pushstring(L, err);
      return lua_error(L);
    }
    total_moves += moves;
  }
  if (progress && games > 0) {
    lua_pushvalue(L, progress);
    lua_pushinteger(L, games);
    lua_call(L, 1, 0);
  }
  if (want) {
    lua_createtable(L, (int)(games > 0 ? games : 0), 0);
    int out_idx = lua_gettop(L);
    for (lua_Integer i = 0; i < games; i++) {
      const sim_result *res = &all[i];
      lua_createtable(L, 0, 4);
      lua_createtable(L, gk_game_players(templ), 0);
      for (int p = 0; p < gk_game_players(templ); p++) {
        lua_pushinteger(L, res->scores[p]);
        lua_rawseti(L, -2, p + 1);
      }
      lua_setfield(L, -2, "scores");
      lua_pushinteger(L, res->turns);
      lua_setfield(L, -2, "turns");
      lua_pushinteger(L, res->moves);
      lua_setfield(L, -2, "moves");
      lua_newtable(L);
      for (int k = 0; k < gk_rules_kind_count(r); k++)
        if (res->closed[k]) {
          lua_pushinteger(L, res->closed[k]);
          lua_setfield(L, -2, gk_rules_kind_name(r, k));
        }
      lua_setfield(L, -2, "closed");
      lua_rawseti(L, out_idx, i + 1);
    }
  }
  if (!want) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, games);
    lua_setfield(L, -2, "games");
    lua_pushinteger(L, total_moves);
    lua_setfield(L, -2, "moves");
  }
  return 1;
}
