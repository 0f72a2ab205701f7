/*
** hook_profile.c: the hook profile of `meeple bench` and `meeple sim
** --profile` (meeple.cli.hook_profile): per Lua hook, its calls and the
** time they took, on whichever path the flow called it by (the
** dispatcher, hook_direct.c, hook_veto.c, hook_transform.c).
**
** A profile is a stack of frames over a table of rows, one row per hook
** record profile_start was given. An event frame brackets the flow's call
** of one hook kind (hook_call.c: the arguments, the protected call, the
** dispatcher or a C path's setup); in it, a hook frame brackets each
** script call (its own setup, the call, reading its answer); a hook may
** start events of its own, and so on.
**
** Invariant: time is exclusive and nothing is counted twice: a frame's
** time minus its children's is its own; a hook frame's own time and one
** call go to its row; an event frame's own time is shared among the rows
** of the hook frames that closed directly in it, by their number of
** calls, or goes to `unclaimed` when no hook ran (an event whose hooks
** all passed it by). A frame left open by an error is closed with the
** frame it sits in. The cost of reading the clock (calibrated at the
** start) is taken off every frame and off the run's total.
**
** Cost: when no run is profiled, mp_profiling is NULL and each path tests
** it once per call; while one is, a frame costs two reads of the
** monotonic clock (tens of ns; a CPU-time clock is a system call here,
** about 1 us, so it is read only at the start and the end, to scale the
** wall-clock times of a loaded machine to CPU time).
*/
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <lua.h>
#include <lauxlib.h>

#include "hook_profile.h"
#include "host.h"
#include "sandbox.h"

enum {
  PROFILE_DEPTH = 32,   /* frames kept; deeper ones are not timed */
  PROFILE_TOUCHED = 16, /* rows an event frame shares its time among */
  PROFILE_CALIBRATE = 512,  /* clock reads in a calibration round */
  PROFILE_CALIBRATE_ROUNDS = 8
};

typedef struct prof_row {
  const void *record; /* the hook's record (lua_topointer) */
  uint64_t calls;
  int64_t ns;
  int paths;          /* MP_PATH_* it was called by */
  uint32_t event;     /* the event frame ev_calls counts in */
  uint32_t ev_calls;  /* its calls that closed directly in that frame */
} prof_row;

typedef struct prof_frame {
  int64_t t0, child; /* start; time of the frames inside */
  int row;           /* the hook's row (-1: none) */
  int event;         /* an event frame */
  uint32_t id;
  int n_touched;     /* event: rows of the hook frames closed in it */
  int touched[PROFILE_TOUCHED];
} prof_frame;

struct mp_profile {
  int64_t start, cpu_start, unclaimed;
  int64_t inside, pair; /* clock cost inside a frame; of a whole frame */
  uint64_t frames;
  uint32_t next_id;
  int depth, n;
  prof_frame frame[PROFILE_DEPTH];
  prof_row row[];
};

mp_profile *mp_profiling = NULL;

static const char profile_key = 'p';

/* A profile whose state is closed stops. */
static int profile_gc(lua_State *L) {
  if (mp_profiling == lua_touserdata(L, 1)) mp_profiling = NULL;
  return 0;
}

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int find_row(const mp_profile *p, const void *record) {
  for (int i = 0; i < p->n; i++)
    if (p->row[i].record == record) return i;
  return -1;
}

int mp_profile_enter(mp_profile *p, const void *record, int path) {
  int at = p->depth++;
  if (at >= PROFILE_DEPTH) return at;
  prof_frame *f = &p->frame[at];
  f->event = record == NULL;
  f->row = record ? find_row(p, record) : -1;
  if (f->row >= 0) p->row[f->row].paths |= path;
  f->id = ++p->next_id;
  f->child = 0;
  f->n_touched = 0;
  f->t0 = now_ns();
  return at;
}

int mp_profile_enter_at(lua_State *L, mp_profile *p, int t, lua_Integer i, int path) {
  lua_rawgeti(L, t, i);
  const void *record = lua_topointer(L, -1);
  lua_pop(L, 1);
  return mp_profile_enter(p, record, path);
}

/* A call of row r closed directly in event frame e. */
static void touch(mp_profile *p, prof_frame *e, int r) {
  prof_row *row = &p->row[r];
  if (row->event != e->id) {
    if (e->n_touched == PROFILE_TOUCHED) return; /* its time stays the event's */
    row->event = e->id;
    row->ev_calls = 0;
    e->touched[e->n_touched++] = r;
  }
  row->ev_calls++;
}

/* An event frame's own time, to the rows of the calls made in it. */
static void share_event(mp_profile *p, const prof_frame *f, int64_t self) {
  uint64_t calls = 0;
  for (int i = 0; i < f->n_touched; i++) calls += p->row[f->touched[i]].ev_calls;
  if (!calls) {
    p->unclaimed += self;
    return;
  }
  int64_t given = 0;
  for (int i = 0; i < f->n_touched; i++) {
    prof_row *row = &p->row[f->touched[i]];
    int64_t part = self * (int64_t)row->ev_calls / (int64_t)calls;
    row->ns += part;
    given += part;
  }
  p->unclaimed += self - given;
}

static void close_top(mp_profile *p, int64_t t1) {
  int k = --p->depth;
  if (k >= PROFILE_DEPTH) return;
  prof_frame *f = &p->frame[k], *parent = k > 0 ? &p->frame[k - 1] : NULL;
  int64_t elapsed = t1 - f->t0, self = elapsed - f->child - p->inside;
  p->frames++;
  if (f->event) share_event(p, f, self);
  else if (f->row >= 0) {
    p->row[f->row].ns += self;
    p->row[f->row].calls++;
    if (parent && parent->event) touch(p, parent, f->row);
  } else p->unclaimed += self;
  if (parent) parent->child += elapsed + (p->pair - p->inside);
}

void mp_profile_leave(mp_profile *p, int at) {
  int64_t t1 = now_ns();
  while (p->depth > at) close_top(p, t1);
}

/* What the clock costs: read inside a frame, and a whole empty frame.
** The least of several rounds: a round the scheduler interrupts (a
** loaded machine) reads far too high, and a frame's cost taken off every
** frame would then leave the hooks and the run no time at all. */
static void calibrate(mp_profile *p) {
  int64_t least_inside = INT64_MAX, least_pair = INT64_MAX;
  p->inside = p->pair = 0; /* the frames timed here take nothing off */
  for (int round = 0; round < PROFILE_CALIBRATE_ROUNDS; round++) {
    int64_t t0 = now_ns();
    for (int i = 0; i < PROFILE_CALIBRATE; i++) (void)now_ns();
    int64_t inside = (now_ns() - t0) / PROFILE_CALIBRATE;
    t0 = now_ns();
    for (int i = 0; i < PROFILE_CALIBRATE; i++) mp_profile_leave(p, mp_profile_enter(p, NULL, 0));
    int64_t pair = (now_ns() - t0) / PROFILE_CALIBRATE;
    if (inside < least_inside) least_inside = inside;
    if (pair < least_pair) least_pair = pair;
  }
  p->inside = least_inside;
  p->pair = least_pair;
  p->unclaimed = 0;
  p->frames = 0;
}

/* meeple_host.profile_start(records): profiles the calls of these hook
** records (a list of the loader's hook tables) until profile_stop. */
static int profile_start(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (mp_profiling) return luaL_error(L, "a profile is already running");
  int n = (int)lua_rawlen(L, 1);
  size_t size = sizeof(mp_profile) + sizeof(prof_row) * (size_t)n;
  mp_profile *p = (mp_profile *)lua_newuserdatauv(L, size, 1);
  memset(p, 0, size);
  p->n = n;
  lua_pushvalue(L, 1); /* keeps the records, so their addresses stay theirs */
  lua_setiuservalue(L, -2, 1);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, profile_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 1, i + 1);
    p->row[i].record = lua_topointer(L, -1);
    lua_pop(L, 1);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &profile_key);
  calibrate(p);
  p->start = now_ns();
  p->cpu_start = cpu_ns();
  mp_profiling = p;
  return 0;
}

static void push_paths(lua_State *L, int paths) {
  static const char *const names[] = {"dispatcher", "direct", "veto", "transform", "collect"};
  lua_newtable(L);
  for (int b = 0, k = 0; b < 5; b++)
    if ((paths >> b) & 1) {
      lua_pushstring(L, names[b]);
      lua_rawseti(L, -2, ++k);
    }
}

/* meeple_host.profile_stop(): { seconds =, unclaimed =, rows = { {calls
** =, seconds =, paths = {names}}, ... } } in the records' order, the
** clock's cost taken off; nil when no profile runs. */
static int profile_stop(lua_State *L) {
  mp_profile *p = mp_profiling;
  if (!p) return 0;
  mp_profile_leave(p, 0);
  int64_t wall = now_ns() - p->start, cpu = cpu_ns() - p->cpu_start;
  int64_t total = wall - (int64_t)p->frames * p->pair;
  mp_profiling = NULL;
  /* A loaded machine stretches wall-clock time, the hooks' as the rest's:
  ** scaled by the run's CPU share, times read as CPU time. */
  double scale = wall > 0 && cpu < wall ? (double)cpu / (double)wall : 1.0;
  scale *= 1e-9;
  lua_createtable(L, 0, 3);
  lua_pushnumber(L, (double)(total > 0 ? total : 0) * scale);
  lua_setfield(L, -2, "seconds");
  lua_pushnumber(L, (double)p->unclaimed * scale);
  lua_setfield(L, -2, "unclaimed");
  lua_createtable(L, p->n, 0);
  for (int i = 0; i < p->n; i++) {
    const prof_row *r = &p->row[i];
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, (lua_Integer)r->calls);
    lua_setfield(L, -2, "calls");
    lua_pushnumber(L, (double)(r->ns > 0 ? r->ns : 0) * scale);
    lua_setfield(L, -2, "seconds");
    push_paths(L, r->paths);
    lua_setfield(L, -2, "paths");
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "rows");
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &profile_key);
  return 1;
}

/* meeple_host.timed_call(record, fn, ...): meeple_host.call(fn, ...), a
** hook frame of record's row while a profile runs. */
static int timed_call(lua_State *L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  mp_host *host = mp_host_of(L);
  if (!host) return luaL_error(L, "timed_call: no host");
  const void *record = lua_topointer(L, 1);
  lua_remove(L, 1);
  int at = mp_profiling ? mp_profile_enter(mp_profiling, record, MP_PATH_DISPATCHER) : -1;
  int st = mp_sandbox_call(mp_host_sandbox(host), lua_gettop(L) - 1, LUA_MULTRET);
  if (at >= 0 && mp_profiling) mp_profile_leave(mp_profiling, at);
  if (st != MP_SANDBOX_OK) {
    lua_pushstring(L, mp_sandbox_error(mp_host_sandbox(host)));
    return lua_error(L);
  }
  return lua_gettop(L);
}

void mp_hook_profile_open(lua_State *L) {
  static const luaL_Reg funcs[] = {
    {"profile_start", profile_start},
    {"profile_stop", profile_stop},
    {"timed_call", timed_call},
    {NULL, NULL}
  };
  luaL_setfuncs(L, funcs, 0);
}
