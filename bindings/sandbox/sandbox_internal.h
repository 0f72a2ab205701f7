/*
** sandbox_internal.h: what the sandbox's files share (sandbox.c: memory,
** limits, calls; sandbox_lib.c: proxies, environments and the allow-list;
** sandbox_bounds.c: the library functions bounded by the limits). Not
** part of the API.
**
** Invariant: while depth > 0 a script (or host code it called) runs, and
** every allocation counts against 'cap', every VM instruction and every
** byte a bounded library function copies against 'remaining', and the
** clock against 'deadline'.
*/
#ifndef MP_SANDBOX_INTERNAL_H
#define MP_SANDBOX_INTERNAL_H

#include <stdint.h>
#include <time.h>

#include "sandbox.h"

enum { TRIP_NONE = 0, TRIP_BUDGET, TRIP_MEMORY, TRIP_TIME };
/* Which budget bounds the running call: its own, its turn's or its game's. */
enum { BOUND_CALL = 0, BOUND_TURN, BOUND_GAME };

/* The count hook fires every HOOK_STEP instructions: often enough to stop
** a loop within microseconds, rarely enough to cost nothing measurable. */
#define HOOK_STEP 1000
#define WHERE_MAX 160
/* The clock is read at every hook firing (every clock_step instructions,
** see sandbox_weight.c) and by a bounded library call charging at least
** CLOCK_UNITS: a syscall-free vDSO read every 1000 instructions costs
** nothing measurable. */
#define CLOCK_UNITS (1u << 16)

struct mp_sandbox {
  lua_State *L;
  size_t used;            /* bytes allocated by the state */
  size_t cap;             /* refuse growth past this while a script runs */
  long budget;            /* instructions per outermost call */
  long remaining;         /* left in the running call */
  long granted;           /* what the running outermost call started with */
  int bound;              /* BOUND_*: which limit 'granted' comes from */
  long turn_budget;       /* instructions per turn of a game, all calls */
  long game_budget;       /* instructions per game, all calls */
  long turn_used, game_used;
  int periods;            /* the host counts turns and games (new_period) */
  long time_limit_ms;     /* wall clock per outermost call */
  struct timespec deadline;  /* of the running call, set when it starts */
  int clock_step;         /* instructions between clock reads (sandbox_weight.c) */
  size_t weight;          /* of the heaviest string or block scripts made */
  const char **trusted;   /* sandbox_trust.c: source pointers of host code */
  size_t n_trusted, trusted_cap;
  int step;               /* count the hook is armed with */
  int depth;              /* nesting of mp_sandbox_call; 0 = host code */
  int trip;               /* TRIP_*: a limit fired in the running call */
  unsigned refusals;      /* growth requests the allocator refused */
  mp_rng_fn rng;
  void *rng_ud;
  mp_print_fn print;
  void *print_ud;
  int ref_globals;        /* registry refs, see the layout above */
  int ref_envmt;
  int ref_proxycache;
  int ref_ids;            /* sandbox_order.c: object -> id, this game */
  lua_Integer next_id;
  int memo_depth;         /* sandbox_memo.c: a memo's function runs */
  const char *callee;          /* script being called, for messages: the
                               ** caller's name (alive during the call) or callee_buf */
  char callee_buf[WHERE_MAX];
  const void *callee_fn;        /* the function callee_buf names (see set_callee_of) */
  char trip_where[WHERE_MAX];  /* "file:line: " where a budget or the clock ran out */
  char mem_where[WHERE_MAX];   /* "file:line: " of the refused allocation */
  int mem_where_kept;          /* mem_where names a script frame: keep it */
  char spent[WHERE_MAX + 96];  /* the time limit's message once it fired:
                               ** every later call fails with it (sandbox.h) */
  char *err;                   /* last error message (malloc'd) */
  size_t errcap;
};

/* Keys of the proxies' metatables. Only their addresses matter. */
extern const char mp_sb_proxy_real_key;
extern const char mp_sb_proxy_deep_key;

static inline mp_sandbox *getsb(lua_State *L) {
  return *(mp_sandbox **)lua_getextraspace(L);
}

/* sandbox_core.c: the limits, below the rest of sandbox/ */
void mp_sb_set_trip(lua_State *L, mp_sandbox *sb, int kind);
/* The count hook every call runs under. */
void mp_sb_hook(lua_State *L, lua_Debug *ar);
/* Sets the running call's deadline: its time limit from now. */
void mp_sb_start_clock(mp_sandbox *sb);
/* "file:line: " of the innermost script frame (host frames skipped). */
void mp_sb_note_where(mp_sandbox *sb, char *buf, size_t n);
/* The message of the limit that fired, without the location. */
void mp_sb_trip_text(const mp_sandbox *sb, char *buf, size_t n);
int mp_sb_pcall(lua_State *L);
int mp_sb_xpcall(lua_State *L);
/* Charges 'units' (bytes copied, elements moved, pattern steps) against
** the running call's budget as if they were instructions; raises when
** it runs out. No-op in host code (depth 0). */
void mp_sb_charge(lua_State *L, size_t units);
/* True when the Lua function calling the running C function is a
** script's (not host code's, see mp_sandbox_trust) inside a call. */
int mp_sb_script_caller(lua_State *L);
/* Raises unless 'bytes' more would fit under the memory cap. */
void mp_sb_check_alloc(lua_State *L, size_t bytes);

/* sandbox_lib.c */
int mp_sb_setup(lua_State *L);
void mp_sb_push_proxy(lua_State *L, int idx, const char *name, int deep);
/* The same, shallow, for many proxies of one owner (a memo's frozen
** tables): the name (a string at name_idx) and the write-refusing
** __newindex (at ni_idx, made once by mp_sb_push_proxy_newindex) are
** shared, not made again per table. */
void mp_sb_push_proxy_newindex(lua_State *L, const char *name);
void mp_sb_push_shallow_proxy(lua_State *L, int idx, int name_idx, int ni_idx);
void mp_sb_push_env(lua_State *L);
void mp_sb_print_stderr(void *ud, const char *text, size_t len);
void mp_sb_seal_env(lua_State *L, int idx);

/* sandbox_order.c: pairs and next in one order, ids for addresses. */
int mp_sb_pairs(lua_State *L);
int mp_sb_next(lua_State *L);
int mp_sb_tostring(lua_State *L);
int mp_sb_format(lua_State *L);
/* luaL_tolstring, but a table, function, handle or coroutine without
** __tostring shows as "table: #id" (ids per game). */
const char *mp_sb_tolstring(lua_State *L, int idx, size_t *len);
/* Forgets the ids: the next one shown is #1 (a new game). */
void mp_sb_ids_reset(lua_State *L);
/* Pushes the iterator of pairs over the table at t in key order; proxy
** (an index, or 0) is the proxy whose real table t is; fn names pairs'
** caller in messages. */
void mp_sb_push_sorted_pairs(lua_State *L, int t, int proxy, const char *fn);
/* sandbox_lib.c: the value on top, read through the proxy at 'proxy' by
** the key at 'key', as the proxy shows it (a nested table as its proxy). */
void mp_sb_proxy_value(lua_State *L, int proxy, int key);

/* sandbox_memo.c: memo(fn), rule data kept for every game. */
void mp_sb_open_memo(lua_State *L, int g);
/* Binds the memos made since the last call to the value at idx (the rules). */
void mp_sb_memo_bind(lua_State *L, int idx);
/* Raises "<what> inside a memo's function ..." while one runs. */
int mp_sb_in_memo(lua_State *L, const char *what);

/* sandbox_trust.c: host code by identity (see mp_sandbox_trust). */
int mp_sb_trusted_source(const mp_sandbox *sb, const char *source);
/* True when the value at idx is a Lua function of a host chunk. */
int mp_sb_host_chunk(lua_State *L, int idx);
/* luaL_loadbufferx for script code ("t" only): a chunk that would share
** a host chunk's name string is loaded under another name ("@./file"). */
int mp_sb_load_script(lua_State *L, const char *code, size_t len, const char *name);
void mp_sb_free_trust(mp_sandbox *sb);
/* A chunk loaded for a script while no game runs (the function at idx):
** its functions are the ones sandbox_fresh.c walks; mp_sb_script_chunk
** tells them. */
void mp_sb_mark_script(lua_State *L, int idx);
int mp_sb_script_chunk(lua_State *L, int idx);

/* sandbox_weight.c: charges long strings and keeps clock_step in step
** with the heaviest object made (called by the allocator while a script
** runs, for every string of 64 bytes or more and every block heavier than
** 'weight'). */
void mp_sb_weigh_init(mp_sandbox *sb);
void mp_sb_weigh_alloc(mp_sandbox *sb, int is_string, size_t nsize);
/* sandbox_core.c: makes the count hook fire at the next instruction. */
void mp_sb_rearm(mp_sandbox *sb);
/* sandbox_weight.c: clock_step for the weight as it is now (a game
** starts again from the weight loading left, sandbox_fresh.c). */
void mp_sb_weigh_reset(mp_sandbox *sb);
/* sandbox.c: the message mp_sandbox_error returns. */
void mp_sb_set_error(mp_sandbox *sb, const char *msg);
/* sandbox_lib.c: __newindex of sealed environments (sandbox_fresh.c
** knows them by it). */
int mp_sb_refuse_global(lua_State *L);

/* sandbox_bounds.c: replaces string.rep, string.find/match/gmatch/gsub,
** table.concat/insert/move/remove/unpack in the allowed tables on top
** of the stack ('string' at str, 'table' at tab) with bounded ones. */
void mp_sb_bound_libs(lua_State *L, int str, int tab);
/* The same for utf8.codepoint/len/offset/codes (the table at utf8). */
void mp_sb_bound_utf8(lua_State *L, int utf8);

#endif
