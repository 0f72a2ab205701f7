/*
** serve_jobs.c: meeple serve's bots think outside every request. A bot's
** decision runs in a forked child: the child has the whole Lua state, so
** it computes exactly the move the bot would choose in process, writes
** its index (or "error: message") to a pipe and exits; it runs niced, so
** the server's threads get a core first. The parent's main
** thread waits for the pipes and hands each answer to
** meeple.server.bot_done under the Lua lock; meanwhile every request is
** answered at once, whatever the bot asked for. Cheap decisions (random,
** greedy) are deferred instead: the main thread runs them in process
** (meeple.server.bot_run) right after the request, which keeps a bot
** script's or the random agent's own state where it was.
**
** Invariants: one Lua thread at a time (serve_lua_lock); lock order is
** serve_lua_lock, then jobs_lock; a job is in `jobs` from its fork until
** its answer or its deadline, and each is reaped (waitpid) exactly once.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "serve_jobs.h"

#define MAX_JOBS 128
#define ANSWER_MAX 512

pthread_mutex_t serve_lua_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed_cv = PTHREAD_COND_INITIALIZER;
static unsigned long generation; /* guarded by serve_lua_lock */
static int stopping;              /* guarded by serve_lua_lock */

typedef struct job {
  lua_Integer id;
  pid_t pid;
  int fd;
  double deadline;
  size_t len;
  char answer[ANSWER_MAX];
} job;

static pthread_mutex_t jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static job jobs[MAX_JOBS];
static int n_jobs;
/* Cheap decisions (random, greedy) run on the main thread, after the
** request that asked for them: ids waiting for meeple.server.bot_run. */
static lua_Integer deferred[MAX_JOBS];
static int n_deferred;
static int wake[2] = {-1, -1}; /* a byte here makes the main loop look at `jobs` again */

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The child: the bot's function, its answer on fd, and nothing else. Every
** other descriptor (the listening socket, clients' connections) is closed
** first, so a connection the parent closes is really closed. */
static void run_child(lua_State *L, int fd) {
  if (fd > 3) close_range(3, (unsigned)fd - 1, 0);
  close_range((unsigned)fd + 1, ~0U, 0);
  /* below the server: on a busy machine the requests get the cores first */
  if (nice(10) == -1) { /* nothing to do: the bot runs at the server's priority */ }
  char out[ANSWER_MAX];
  int n;
  if (lua_pcall(L, 0, 1, 0) == LUA_OK && lua_isinteger(L, -1))
    n = snprintf(out, sizeof out, "%lld", (long long)lua_tointeger(L, -1));
  else
    n = snprintf(out, sizeof out, "error: %s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "no move chosen");
  if (n > 0) {
    size_t len = (size_t)n < sizeof out ? (size_t)n : sizeof out - 1;
    ssize_t w = write(fd, out, len);
    (void)w;
  }
  _exit(0);
}

/* spawn(job_id, fn [, seconds]) -> true | nil, message. Called with the
** Lua lock held. */
static int l_spawn(lua_State *L) {
  lua_Integer id = luaL_checkinteger(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_Integer seconds = luaL_optinteger(L, 3, 60);
  pthread_mutex_lock(&jobs_lock);
  int full = n_jobs >= MAX_JOBS;
  pthread_mutex_unlock(&jobs_lock);
  if (full) {
    lua_pushnil(L);
    lua_pushliteral(L, "too many bots thinking at once");
    return 2;
  }
  int p[2];
  if (pipe(p) != 0) {
    lua_pushnil(L);
    lua_pushfstring(L, "pipe: %s", strerror(errno));
    return 2;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    close(p[0]);
    close(p[1]);
    lua_pushnil(L);
    lua_pushfstring(L, "fork: %s", strerror(errno));
    return 2;
  }
  if (pid == 0) {
    close(p[0]);
    lua_settop(L, 2);
    run_child(L, p[1]);
  }
  close(p[1]);
  fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_NONBLOCK);
  pthread_mutex_lock(&jobs_lock);
  job *j = &jobs[n_jobs++];
  memset(j, 0, sizeof *j);
  j->id = id, j->pid = pid, j->fd = p[0], j->deadline = now_s() + (double)seconds;
  pthread_mutex_unlock(&jobs_lock);
  char b = 1;
  ssize_t w = write(wake[1], &b, 1);
  (void)w;
  lua_pushboolean(L, 1);
  return 1;
}

/* defer(job_id) -> true | nil, message: runs meeple.server.bot_run(job)
** on the main thread soon, outside the request. Lua lock held. */
static int l_defer(lua_State *L) {
  lua_Integer id = luaL_checkinteger(L, 1);
  pthread_mutex_lock(&jobs_lock);
  int ok = n_deferred < MAX_JOBS;
  if (ok) deferred[n_deferred++] = id;
  pthread_mutex_unlock(&jobs_lock);
  if (!ok) {
    lua_pushnil(L);
    lua_pushliteral(L, "too many bots waiting at once");
    return 2;
  }
  char b = 1;
  ssize_t w = write(wake[1], &b, 1);
  (void)w;
  lua_pushboolean(L, 1);
  return 1;
}

/* changed(): a table changed; wakes the event streams. Lua lock held. */
static int l_changed(lua_State *L) {
  (void)L;
  generation++;
  pthread_cond_broadcast(&changed_cv);
  return 0;
}

void serve_jobs_install(lua_State *L) {
  if (pipe(wake) == 0) {
    fcntl(wake[0], F_SETFL, fcntl(wake[0], F_GETFL) | O_NONBLOCK);
    fcntl(wake[1], F_SETFL, fcntl(wake[1], F_GETFL) | O_NONBLOCK);
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "meeple.server");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    lua_pop(L, 1);
    return;
  }
  lua_getfield(L, -1, "set_host");
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, l_spawn);
  lua_setfield(L, -2, "spawn");
  lua_pushcfunction(L, l_changed);
  lua_setfield(L, -2, "changed");
  lua_pushcfunction(L, l_defer);
  lua_setfield(L, -2, "defer");
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
  lua_pop(L, 1);
}

unsigned long serve_wait_change(unsigned long seen, int seconds) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += seconds;
  while (generation == seen && !stopping)
    if (pthread_cond_timedwait(&changed_cv, &serve_lua_lock, &until) == ETIMEDOUT) break;
  return generation;
}

int serve_stopping(void) { return stopping; }

/* Hands a finished (or killed) job's answer to meeple.server.bot_done,
** or (fn "bot_run") runs a deferred decision. */
static void deliver(lua_State *L, const char *fn, lua_Integer id, const char *answer, const char *err) {
  pthread_mutex_lock(&serve_lua_lock);
  int top = lua_gettop(L);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "meeple.server");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, fn);
    lua_pushinteger(L, id);
    if (answer) lua_pushstring(L, answer);
    else lua_pushnil(L);
    if (err) lua_pushstring(L, err);
    else lua_pushnil(L);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) fprintf(stderr, "meeple serve: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "meeple serve: %s\n", lua_tostring(L, -1));
  }
  lua_settop(L, top);
  lua_gc(L, LUA_GCSTEP, 0);
  pthread_mutex_unlock(&serve_lua_lock);
}

/* Takes job i out of the table (jobs_lock held); the caller delivers. */
static job take(int i) {
  job j = jobs[i];
  jobs[i] = jobs[--n_jobs];
  return j;
}

/* Reads what is there of each ready job; returns the first finished or
** overdue one in *out (taken out of the table), or 0. */
static int next_done(struct pollfd *fds, int n, job *out, const char **err) {
  double now = now_s();
  int found = 0;
  pthread_mutex_lock(&jobs_lock);
  for (int k = 0; k < n && !found; k++) {
    for (int i = 0; i < n_jobs; i++) {
      if (jobs[i].fd != fds[k].fd || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      job *j = &jobs[i];
      ssize_t r = read(j->fd, j->answer + j->len, sizeof j->answer - 1 - j->len);
      if (r > 0) j->len += (size_t)r;
      if (r == 0 || (r < 0 && errno != EAGAIN) || j->len >= sizeof j->answer - 1) {
        *out = take(i);
        *err = NULL;
        found = 1;
      }
      break;
    }
  }
  for (int i = 0; i < n_jobs && !found; i++)
    if (now > jobs[i].deadline) {
      kill(jobs[i].pid, SIGKILL);
      *out = take(i);
      *err = "took too long and was stopped";
      found = 1;
    }
  pthread_mutex_unlock(&jobs_lock);
  return found;
}

void serve_jobs_loop(lua_State *L, const sigset_t *set) {
  int sfd = signalfd(-1, set, SFD_NONBLOCK);
  for (;;) {
    struct pollfd fds[MAX_JOBS + 2];
    int n = 0;
    fds[n++] = (struct pollfd){.fd = sfd, .events = POLLIN};
    fds[n++] = (struct pollfd){.fd = wake[0], .events = POLLIN};
    pthread_mutex_lock(&jobs_lock);
    for (int i = 0; i < n_jobs; i++) fds[n++] = (struct pollfd){.fd = jobs[i].fd, .events = POLLIN};
    pthread_mutex_unlock(&jobs_lock);
    if (poll(fds, (nfds_t)n, 250) < 0 && errno != EINTR) break;
    if (fds[0].revents & POLLIN) break;
    char drain[64];
    while (read(wake[0], drain, sizeof drain) > 0) {}
    for (;;) { /* one at a time: a run may defer the next bot's turn */
      pthread_mutex_lock(&jobs_lock);
      lua_Integer id = n_deferred > 0 ? deferred[0] : 0;
      if (n_deferred > 0) memmove(deferred, deferred + 1, sizeof deferred[0] * (size_t)--n_deferred);
      int have = id != 0;
      pthread_mutex_unlock(&jobs_lock);
      if (!have) break;
      deliver(L, "bot_run", id, NULL, NULL);
    }
    job j;
    const char *err;
    while (next_done(fds + 2, n - 2, &j, &err)) {
      waitpid(j.pid, NULL, 0);
      close(j.fd);
      j.answer[j.len] = '\0';
      deliver(L, "bot_done", j.id, err ? NULL : j.answer, err);
      for (int k = 2; k < n; k++) if (fds[k].fd == j.fd) fds[k].revents = 0;
    }
  }
  if (sfd >= 0) close(sfd);
}

void serve_jobs_stop(void) {
  pthread_mutex_lock(&serve_lua_lock);
  stopping = 1;
  pthread_cond_broadcast(&changed_cv);
  pthread_mutex_unlock(&serve_lua_lock);
  pthread_mutex_lock(&jobs_lock);
  while (n_jobs > 0) {
    job j = take(0);
    kill(j.pid, SIGKILL);
    waitpid(j.pid, NULL, 0);
    close(j.fd);
  }
  pthread_mutex_unlock(&jobs_lock);
}
