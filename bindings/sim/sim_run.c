/*
** sim_run.c: who plays which game of a simulation, and how the
** results come back. flow:simulate says how one game is played.
**
** Invariant: game i of a run (seed first_seed + i) reaches the summary
** and the on_game callback in the order i = 0, 1, 2, ... whatever the
** number of jobs, and the summary holds only integers (counts, sums,
** sums of squares, extremes). So it is the same for any J and for any
** split into shards, merging two summaries is adding their integers,
** and memory does not grow with the number of games.
**
** With J > 1 jobs, J child processes (a fork copies the Lua state and the
** rules) play games j, j+J, j+2J, ... and write fixed-size records into
** a pipe each; the parent plays none and reads the pipes round-robin all
** the time, so a child waits on a full pipe only while a sibling is
** behind, and per-game rows can still be written in seed order.
*/
#define _GNU_SOURCE /* F_SETPIPE_SZ */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "sandbox.h"
#include "sim_run.h"

#define MP_SIMJOBS "meeple.SimJobs"

/* A child's game failed and a time limit had fired in it: the parent
** notes it (mp_sandbox_note_time_fired), so the run ends as one whose
** time limit fired in process would (exit 3). */
#define WIRE_TIMED_OUT (-2)

enum {
  BATCH = 32,                /* records a child writes at once */
  PIPE_BYTES = 1 << 20       /* asked of the kernel; 64 KiB if refused */
};

/* What goes through a pipe: a game, or why one failed. */
typedef struct wire {
  int32_t status; /* 0: res holds a game; < 0: err says why it failed
                  ** (WIRE_TIMED_OUT: after a time limit fired) */
  union {
    mp_sim_result res;
    char err[MP_SIM_ERR_MAX];
  } u;
} wire;

typedef struct job {
  pid_t pid; /* 0 once waited for */
  int fd;    /* read end; -1 once closed */
  size_t have, at; /* bytes in buf, and how many of them were consumed */
  unsigned char buf[BATCH * sizeof(wire)];
} job;

typedef struct jobs {
  int n;
  job job[GK_MAX_JOBS];
} jobs;

/* Raises msg with no position: it is about a game or a job, not a line
** of the caller's code. */
static int fail(lua_State *L, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  return lua_error(L);
}

/* {======================================================================
** The summary
** ======================================================================= */

static void moments_add(mp_sim_moments *m, int32_t v, bool first) {
  m->sum += v;
  m->sumsq += (int64_t)v * v;
  if (first || v < m->min) m->min = v;
  if (first || v > m->max) m->max = v;
}

static void summary_add(mp_sim_summary *s, const mp_sim_result *r, int players, int kinds) {
  bool first = s->games == 0;
  int32_t best = r->scores[0];
  for (int p = 1; p < players; p++)
    if (r->scores[p] > best) best = r->scores[p];
  int tied = 0;
  for (int p = 0; p < players; p++) {
    moments_add(&s->seat[p], r->scores[p], first);
    tied += r->scores[p] == best;
  }
  for (int p = 0; p < players; p++)
    if (r->scores[p] == best) s->wins[p] += MP_SIM_WIN_UNITS / tied;
  moments_add(&s->turns, r->turns, first);
  for (int k = 0; k < kinds; k++) s->closed[k] += r->closed[k];
  for (int p = 0; p < players; p++) {
    for (int k = 0; k < kinds; k++) s->points[p][k] += r->points[p][k];
    s->points[p][MP_SIM_NO_KIND] += r->points[p][MP_SIM_NO_KIND];
  }
  s->games++;
  s->moves += r->moves;
}

static void push_moments(lua_State *L, const mp_sim_moments *m, bool any) {
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, m->sum);
  lua_setfield(L, -2, "sum");
  lua_pushinteger(L, m->sumsq);
  lua_setfield(L, -2, "sumsq");
  lua_pushinteger(L, any ? m->min : 0);
  lua_setfield(L, -2, "min");
  lua_pushinteger(L, any ? m->max : 0);
  lua_setfield(L, -2, "max");
}

void mp_sim_push_summary(lua_State *L, const mp_sim_summary *s, const gk_rules *r, int players) {
  bool any = s->games > 0;
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, s->games);
  lua_setfield(L, -2, "games");
  lua_pushinteger(L, s->moves);
  lua_setfield(L, -2, "moves");
  lua_pushinteger(L, MP_SIM_WIN_UNITS);
  lua_setfield(L, -2, "win_units");
  lua_createtable(L, players, 0);
  for (int p = 0; p < players; p++) {
    push_moments(L, &s->seat[p], any);
    lua_pushinteger(L, s->wins[p]);
    lua_setfield(L, -2, "wins");
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "seats");
  push_moments(L, &s->turns, any);
  lua_setfield(L, -2, "turns");
  lua_newtable(L); /* kinds never completed are left out */
  for (int k = 0; k < gk_rules_kind_count(r); k++)
    if (s->closed[k]) {
      lua_pushinteger(L, s->closed[k]);
      lua_setfield(L, -2, gk_rules_kind_name(r, k));
    }
  lua_setfield(L, -2, "closed");
  lua_createtable(L, players, 0); /* per seat, kinds that scored nothing left out */
  for (int p = 0; p < players; p++) {
    lua_newtable(L);
    for (int k = 0; k < gk_rules_kind_count(r); k++)
      if (s->points[p][k]) {
        lua_pushinteger(L, s->points[p][k]);
        lua_setfield(L, -2, gk_rules_kind_name(r, k));
      }
    if (s->points[p][MP_SIM_NO_KIND]) {
      lua_pushinteger(L, s->points[p][MP_SIM_NO_KIND]);
      lua_setfield(L, -2, MP_SIM_NO_KIND_NAME);
    }
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "points");
}

/* }====================================================================== */

/* {======================================================================
** Child processes
** ======================================================================= */

static bool write_all(int fd, const void *p, size_t n) {
  const char *c = (const char *)p;
  while (n > 0) {
    ssize_t k = write(fd, c, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    c += k;
    n -= (size_t)k;
  }
  return true;
}

/* A child's whole life: its games, in batches, then _exit. */
static void child(const mp_sim_plan *plan, int j, int fd) {
  wire *batch = (wire *)calloc(BATCH, sizeof(wire));
  if (!batch) _exit(1);
  int n = 0;
  for (int64_t i = j; i < plan->games; i += plan->jobs) {
    wire *w = &batch[n++];
    char err[MP_SIM_ERR_MAX] = "";
    w->status = plan->play(plan->ctx, plan->first_seed + (uint64_t)i, &w->u.res, err, sizeof err);
    if (w->status < 0) memcpy(w->u.err, err, sizeof err);
    if (w->status < 0 && mp_sandbox_time_fired()) w->status = WIRE_TIMED_OUT;
    if (n == BATCH || w->status < 0) {
      if (!write_all(fd, batch, (size_t)n * sizeof(wire)) || w->status < 0) _exit(1);
      n = 0;
    }
  }
  _exit(write_all(fd, batch, (size_t)n * sizeof(wire)) ? 0 : 1);
}

/* Stops and waits for the children still running: __close and __gc of the
** jobs userdata, so an error anywhere in the parent leaves no child. */
static int jobs_reap(lua_State *L) {
  jobs *js = (jobs *)luaL_checkudata(L, 1, MP_SIMJOBS);
  for (int j = 0; j < js->n; j++) {
    job *jb = &js->job[j];
    if (jb->fd >= 0) close(jb->fd);
    jb->fd = -1;
    if (jb->pid > 0) {
      kill(jb->pid, SIGTERM);
      waitpid(jb->pid, NULL, 0);
    }
    jb->pid = 0;
  }
  js->n = 0;
  return 0;
}

static jobs *push_jobs(lua_State *L) {
  jobs *js = (jobs *)lua_newuserdatauv(L, sizeof(jobs), 0);
  js->n = 0;
  if (luaL_newmetatable(L, MP_SIMJOBS)) {
    lua_pushcfunction(L, jobs_reap);
    lua_setfield(L, -2, "__close");
    lua_pushcfunction(L, jobs_reap);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "private");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  lua_toclose(L, -1);
  return js;
}

static void start_jobs(lua_State *L, const mp_sim_plan *plan, jobs *js) {
  for (int j = 0; j < plan->jobs; j++) {
    int fds[2];
    if (pipe(fds) != 0) fail(L, "cannot make a pipe for job %d: %s", j + 1, strerror(errno));
    (void)fcntl(fds[1], F_SETPIPE_SZ, PIPE_BYTES);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      for (int k = 0; k < js->n; k++) close(js->job[k].fd);
      child(plan, j, fds[1]);
    }
    close(fds[1]);
    if (pid < 0) {
      close(fds[0]);
      fail(L, "cannot start job %d: %s", j + 1, strerror(errno));
    }
    job *jb = &js->job[js->n++];
    jb->pid = pid;
    jb->fd = fds[0];
    jb->have = jb->at = 0;
  }
}

/* The job's next record, reading as much as the pipe holds: false at the
** end of the pipe before a whole record. */
static bool next_wire(job *jb, wire *w) {
  while (jb->have - jb->at < sizeof *w) {
    if (jb->at > 0) {
      memmove(jb->buf, jb->buf + jb->at, jb->have - jb->at);
      jb->have -= jb->at;
      jb->at = 0;
    }
    ssize_t k = read(jb->fd, jb->buf + jb->have, sizeof jb->buf - jb->have);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    jb->have += (size_t)k;
  }
  memcpy(w, jb->buf + jb->at, sizeof *w);
  jb->at += sizeof *w;
  return true;
}

/* Waits for every child; all must have ended well. */
static void finish_jobs(lua_State *L, jobs *js) {
  for (int j = 0; j < js->n; j++) {
    job *jb = &js->job[j];
    int ws = 0;
    pid_t pid = jb->pid;
    jb->pid = 0;
    close(jb->fd);
    jb->fd = -1;
    if (waitpid(pid, &ws, 0) != pid || !WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
      fail(L, "job %d of the simulation failed", j + 1);
  }
}

/* }====================================================================== */

/* {======================================================================
** The run
** ======================================================================= */

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A table reused for every game: {seed=, game=, scores={}, turns=,
** moves=, closed={kind=n}} with every kind of the rules. */
static void push_row(lua_State *L, int players) {
  lua_createtable(L, 0, 6);
  lua_createtable(L, players, 0);
  lua_setfield(L, -2, "scores");
  lua_newtable(L);
  lua_setfield(L, -2, "closed");
  lua_createtable(L, players, 0);
  for (int p = 0; p < players; p++) {
    lua_newtable(L);
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "points");
}

static void call_on_game(lua_State *L, const mp_sim_plan *plan, int row, const mp_sim_result *r,
                         int64_t i) {
  lua_pushinteger(L, (lua_Integer)(plan->first_seed + (uint64_t)i));
  lua_setfield(L, row, "seed");
  lua_pushinteger(L, i + 1);
  lua_setfield(L, row, "game");
  lua_pushinteger(L, r->turns);
  lua_setfield(L, row, "turns");
  lua_pushinteger(L, r->moves);
  lua_setfield(L, row, "moves");
  lua_getfield(L, row, "scores");
  for (int p = 0; p < plan->players; p++) {
    lua_pushinteger(L, r->scores[p]);
    lua_rawseti(L, -2, p + 1);
  }
  lua_getfield(L, row, "closed");
  for (int k = 0; k < gk_rules_kind_count(plan->rules); k++) {
    lua_pushinteger(L, r->closed[k]);
    lua_setfield(L, -2, gk_rules_kind_name(plan->rules, k));
  }
  lua_getfield(L, row, "points");
  for (int p = 0; p < plan->players; p++) {
    lua_rawgeti(L, -1, p + 1);
    for (int k = 0; k < gk_rules_kind_count(plan->rules); k++) {
      lua_pushinteger(L, r->points[p][k]);
      lua_setfield(L, -2, gk_rules_kind_name(plan->rules, k));
    }
    lua_pushinteger(L, r->points[p][MP_SIM_NO_KIND]);
    lua_setfield(L, -2, MP_SIM_NO_KIND_NAME);
    lua_pop(L, 1);
  }
  lua_pop(L, 3);
  lua_pushvalue(L, plan->on_game);
  lua_pushvalue(L, row);
  lua_call(L, 1, 0);
}

static void call_progress(lua_State *L, const mp_sim_plan *plan, int64_t done, double t0) {
  lua_pushvalue(L, plan->progress);
  lua_pushinteger(L, done);
  lua_pushnumber(L, seconds() - t0);
  lua_call(L, 2, 0);
}

void mp_sim_run(lua_State *L, const mp_sim_plan *plan, mp_sim_summary *sum) {
  memset(sum, 0, sizeof *sum);
  int kinds = gk_rules_kind_count(plan->rules);
  int row = 0;
  if (plan->on_game) {
    push_row(L, plan->players);
    row = lua_gettop(L);
  }
  jobs *js = push_jobs(L);
  int top = lua_gettop(L);
  if (plan->jobs > 1) start_jobs(L, plan, js);
  double t0 = seconds();
  int64_t every = plan->progress_every > 0 ? plan->progress_every : MP_SIM_PROGRESS_EVERY;
  for (int64_t i = 0; i < plan->games; i++) {
    wire w;
    if (plan->jobs > 1) {
      if (!next_wire(&js->job[i % plan->jobs], &w))
        fail(L, "job %d of the simulation died", (int)(i % plan->jobs) + 1);
    } else {
      char err[MP_SIM_ERR_MAX] = "";
      w.status = plan->play(plan->ctx, plan->first_seed + (uint64_t)i, &w.u.res, err, sizeof err);
      if (w.status < 0) memcpy(w.u.err, err, sizeof err);
    }
    if (w.status < 0) {
      if (w.status == WIRE_TIMED_OUT) mp_sandbox_note_time_fired();
      w.u.err[sizeof w.u.err - 1] = 0;
      fail(L, "%s", w.u.err);
    }
    summary_add(sum, &w.u.res, plan->players, kinds);
    if (row) call_on_game(L, plan, row, &w.u.res, i);
    if (plan->progress && ((i + 1) % every == 0 || i + 1 == plan->games))
      call_progress(L, plan, i + 1, t0);
  }
  finish_jobs(L, js);
  lua_settop(L, top - 1 - (row ? 1 : 0)); /* closes the jobs: nothing left to stop */
}

/* }====================================================================== */
