/*
** sandbox_core.c: the limits a script cannot catch, below everything
** else in sandbox/: the count hook and its budgets, the clock, the
** memory check, the charge by size, and the pcall/xpcall that pass a
** limit on instead of returning it to the script.
**
** The libraries (sandbox_lib.c, sandbox_bounds.c, sandbox_order.c,
** sandbox_weight.c) and the API (sandbox.c) call these; they call
** nothing of sandbox/ but sandbox_trust.c's leaf test of a chunk's
** source, so no loop of calls runs through here (tests/structure/
** loops_test.lua).
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

/* {====================================================================
** Limits that a script cannot catch
** ===================================================================== */

/* A limit fired: from now until the outermost call returns, the hook
** raises at every instruction, and the wrapped pcall/xpcall/load
** re-raise. */
void mp_sb_set_trip(lua_State *L, mp_sandbox *sb, int kind) {
  if (sb->trip == TRIP_NONE)
    sb->trip = kind;
  lua_sethook(L, mp_sb_hook, LUA_MASKCOUNT, 1);
}

/* The message of the limit that fired, without the location. */
void mp_sb_trip_text(const mp_sandbox *sb, char *buf, size_t n) {
  static const char *const per[] = {"", " per turn", " per game"};
  static const char *const what[] = {"instruction", "turn", "game"};
  long amount = sb->bound == BOUND_TURN ? sb->turn_budget
              : sb->bound == BOUND_GAME ? sb->game_budget : sb->budget;
  if (sb->trip == TRIP_BUDGET)
    snprintf(buf, n, "%s budget exceeded (%ld instructions%s)", what[sb->bound],
             amount, per[sb->bound]);
  else if (sb->trip == TRIP_TIME)
    snprintf(buf, n, "time limit exceeded (%ld ms per call)", sb->time_limit_ms);
  else
    snprintf(buf, n, "memory cap exceeded");
}

static void raise_trip(lua_State *L, mp_sandbox *sb) {
  char text[96];
  mp_sb_trip_text(sb, text, sizeof text);
  lua_pushfstring(L, "%s%s", sb->trip == TRIP_MEMORY ? "" : sb->trip_where, text);
  lua_error(L);
}

int mp_sb_script_caller(lua_State *L) {
  mp_sandbox *sb = getsb(L);
  lua_Debug ar;
  if (sb->depth == 0) return 0;
  if (sb->n_trusted == 0 || !lua_getstack(L, 1, &ar)) return 1;
  lua_getinfo(L, "S", &ar);
  return !mp_sb_trusted_source(sb, ar.source);
}

/* "file:line: " of the innermost script frame (host frames skipped). */
void mp_sb_note_where(mp_sandbox *sb, char *buf, size_t n) {
  lua_Debug ar;
  buf[0] = '\0';
  for (int level = 0; lua_getstack(sb->L, level, &ar); level++) {
    if (lua_getinfo(sb->L, "Sl", &ar) && ar.currentline > 0 &&
        !mp_sb_trusted_source(sb, ar.source)) {
      snprintf(buf, n, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
}

static long elapsed_ms_past(const struct timespec *deadline) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (now.tv_sec - deadline->tv_sec) * 1000 + (now.tv_nsec - deadline->tv_nsec) / 1000000;
}

/* The running call's deadline: its time limit from now, set when the call
** starts, so time spent before the first clock read counts too. */
void mp_sb_start_clock(mp_sandbox *sb) {
  clock_gettime(CLOCK_MONOTONIC, &sb->deadline);
  sb->deadline.tv_sec += sb->time_limit_ms / 1000;
  sb->deadline.tv_nsec += (sb->time_limit_ms % 1000) * 1000000;
  if (sb->deadline.tv_nsec >= 1000000000) {
    sb->deadline.tv_sec++;
    sb->deadline.tv_nsec -= 1000000000;
  }
}

/* True once the running call is past its deadline. */
static int clock_over(mp_sandbox *sb) {
  return elapsed_ms_past(&sb->deadline) >= 0;
}

static void trip_at(lua_State *L, mp_sandbox *sb, int kind) {
  mp_sb_note_where(sb, sb->trip_where, sizeof sb->trip_where);
  mp_sb_set_trip(L, sb, kind);
  raise_trip(L, sb);
}

void mp_sb_hook(lua_State *L, lua_Debug *ar) {
  mp_sandbox *sb = getsb(L);
  (void)ar;
  if (sb->depth == 0)
    return;
  if (sb->trip != TRIP_NONE)
    raise_trip(L, sb);
  sb->remaining -= sb->step;
  if (sb->remaining <= 0)
    trip_at(L, sb, TRIP_BUDGET);
  /* every firing: at most clock_step instructions since the last read
  ** (sandbox_weight.c) */
  if (clock_over(sb))
    trip_at(L, sb, TRIP_TIME);
  int want = sb->remaining < sb->clock_step ? (int)sb->remaining : sb->clock_step;
  if (want != sb->step) {  /* end exactly on the budget */
    sb->step = want;
    lua_sethook(L, mp_sb_hook, LUA_MASKCOUNT, sb->step);
  }
}

/* The allocator charged the running call or made its objects heavier
** (sandbox_weight.c): the hook looks at the next instruction. The
** instructions since its last firing are not counted (at most a step, a
** few times in a sandbox's life). Never allocates, as the allocator needs. */
void mp_sb_rearm(mp_sandbox *sb) {
  if (sb->depth == 0 || sb->trip != TRIP_NONE) return;
  sb->step = 1;
  lua_sethook(sb->L, mp_sb_hook, LUA_MASKCOUNT, 1);
}

void mp_sb_charge(lua_State *L, size_t units) {
  mp_sandbox *sb = getsb(L);
  if (sb->depth == 0)
    return;
  if (sb->trip != TRIP_NONE)
    raise_trip(L, sb);
  if (sb->remaining <= 0 || units >= (size_t)sb->remaining) {  /* <= 0: strings charged */
    sb->remaining = 0;
    trip_at(L, sb, TRIP_BUDGET);
  }
  sb->remaining -= (long)units;
  if (units >= CLOCK_UNITS && clock_over(sb))
    trip_at(L, sb, TRIP_TIME);
}

void mp_sb_check_alloc(lua_State *L, size_t bytes) {
  mp_sandbox *sb = getsb(L);
  if (sb->depth == 0 || (sb->used <= sb->cap && bytes <= sb->cap - sb->used))
    return;
  sb->refusals++;
  if (sb->trip == TRIP_NONE)
    mp_sb_note_where(sb, sb->mem_where, sizeof sb->mem_where);
  mp_sb_set_trip(L, sb, TRIP_MEMORY);
  raise_trip(L, sb);
}

/* After a protected call inside the script failed with 'status': if a
** limit fired, propagate the error object on top instead of returning
** it to the script. */
static void rethrow_limits(lua_State *L, int status) {
  mp_sandbox *sb = getsb(L);
  if (status == LUA_ERRMEM)
    mp_sb_set_trip(L, sb, TRIP_MEMORY);
  if (sb->trip != TRIP_NONE)
    lua_error(L);
}

int mp_sb_pcall(lua_State *L) {
  int status;
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);  /* first result if no errors */
  lua_insert(L, 1);
  status = lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0);
  if (status != LUA_OK) {
    rethrow_limits(L, status);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L);
}

/* The script's message handler does not run once a limit fired: it would
** only be stopped by the hook again. */
static int sb_msgh(lua_State *L) {
  if (getsb(L)->trip != TRIP_NONE)
    return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int mp_sb_xpcall(lua_State *L) {
  int status;
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, sb_msgh, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);  /* first result */
  lua_pushvalue(L, 1);    /* function */
  lua_rotate(L, 3, 2);    /* move them below the function's arguments */
  status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
  if (status != LUA_OK) {
    rethrow_limits(L, status);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - 2;
}

/* }=================================================================== */
