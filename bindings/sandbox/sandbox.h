/*
** sandbox.h: the sandbox that runs untrusted rule scripts (house rules,
** fan expansions, bots).
**
** One mp_sandbox owns one lua_State, normally one per game. Scripts see
** an allow-list of the standard library (base, string, table, math,
** utf8; see docs/sandbox.md for every name) and nothing else: no io, os,
** package, debug, no binary chunks, no string.dump. They cannot modify
** what another script sees: the library tables are read-only proxies and
** each loaded chunk gets its own global environment.
**
** Two limits protect the host from a runaway script:
**   memory_cap          bytes the whole lua_State may hold while a script
**                       runs (a game, not a call: garbage from earlier
**                       calls counts until it is collected);
**   instruction_budget  VM instructions per outermost mp_sandbox_call().
** Neither can be swallowed by the script's own pcall: once a limit trips,
** every pcall/xpcall/load in the script re-raises and the count hook
** raises again at every instruction until control is back in the host.
**
** Randomness comes only from the host (the game's RNG): math.random is
** built on the callback given to mp_sandbox_new(), math.randomseed
** raises. This keeps replays and network games deterministic.
**
** Errors: functions returning int return 0 on success and a negative
** mp_sandbox_status on failure; the one-line message ("file:line: text",
** no traceback) is then readable with mp_sandbox_error() until the next
** call. Nothing here aborts the process, and nothing is kept in C
** globals: all state lives in the mp_sandbox and its lua_State.
*/
#ifndef MP_SANDBOX_H
#define MP_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mp_sandbox mp_sandbox;

/* Negative results of the int-returning functions. The host can tell a
** script that is merely wrong (ERROR) from one that misbehaves (BUDGET,
** MEMORY), e.g. to disqualify a bot. */
typedef enum mp_sandbox_status {
  MP_SANDBOX_OK = 0,
  MP_SANDBOX_ERROR = -1,   /* syntax or runtime error in the script */
  MP_SANDBOX_EBUDGET = -2, /* instruction budget exhausted */
  MP_SANDBOX_EMEMORY = -3, /* memory cap reached (or the system is out) */
  MP_SANDBOX_EINVAL = -4,  /* bad use of the API by the host */
  MP_SANDBOX_ETIME = -5    /* a call ran past its time limit: the sandbox
                           ** is spent (see mp_sandbox_time_fired) */
} mp_sandbox_status;

#define MP_SANDBOX_DEFAULT_MEMORY_CAP ((size_t)64 << 20)  /* 64 MiB */
#define MP_SANDBOX_DEFAULT_BUDGET 10000000L              /* instructions */
#define MP_SANDBOX_DEFAULT_TURN_BUDGET 50000000L         /* per turn */
#define MP_SANDBOX_DEFAULT_GAME_BUDGET 1000000000L       /* per game */
#define MP_SANDBOX_DEFAULT_TIME_LIMIT_MS 2000L           /* per call */

/* The time limit is the one limit whose outcome depends on the machine
** (its speed, its load), so it never ends a call the way the others do:
** the call fails with MP_SANDBOX_ETIME and the sandbox is spent. Every
** later call and run fails at once with the same message and runs
** nothing, so no game goes on (a move refused, a veto read as a no) after
** an outcome another machine would not have seen. The host ends the run:
** meeple exits 3 (bindings/cli/cli_main.c). */
int mp_sandbox_spent(const mp_sandbox *sb);
/* Whether a time limit fired in this process (any sandbox), or a child
** process reported one (mp_sandbox_note_time_fired): the run's results
** are not the same everywhere. */
int mp_sandbox_time_fired(void);
void mp_sandbox_note_time_fired(void);

/* Instructions count one each; a library call that copies or scans
** (string.rep/byte, utf8.len/codepoint/offset/codes, load, table.concat/
** insert/move/remove/sort/unpack, patterns) counts one per byte or element
** it may touch, and every long string made counts one per 16 bytes, so a
** loop of big copies runs out of budget as fast as a loop of instructions.
** The time limit counts from the start of each outermost call; the clock
** is read every 1000 instructions, more often once the scripts hold long
** strings or big tables (sandbox_weight.c). */
typedef struct mp_sandbox_limits {
  size_t memory_cap;       /* bytes, 0 = MP_SANDBOX_DEFAULT_MEMORY_CAP */
  long instruction_budget; /* per call, <= 0 = MP_SANDBOX_DEFAULT_BUDGET */
  long turn_budget;        /* per turn (every call between two
                           ** mp_sandbox_new_period(TURN)), <= 0 = default */
  long game_budget;        /* per game, <= 0 = default */
  long time_limit_ms;      /* wall clock per call, <= 0 = default */
} mp_sandbox_limits;

/* What the host's next calls count against turn_budget and game_budget:
** nothing (OFF, the default: loading, tools), the same turn and game as
** before (SAME), a new turn (TURN) or a new game and turn (GAME). */
enum { MP_SANDBOX_OFF = 0, MP_SANDBOX_SAME, MP_SANDBOX_TURN, MP_SANDBOX_GAME };
void mp_sandbox_new_period(mp_sandbox *sb, int which);

/* The Lua function at 'idx' (a chunk the host just loaded from its own
** code, e.g. an embedded module) and every function defined in its chunk
** are host code: error locations skip their frames and name the script's
** line instead, and library calls they make are not charged. Trust is
** by identity (the chunk's own name string, kept alive by the sandbox),
** never by name: a script chunk named like a host chunk is renamed when
** loaded. Returns MP_SANDBOX_OK, or EINVAL if idx is not a Lua function. */
int mp_sandbox_trust(mp_sandbox *sb, int idx);

/* The game's RNG: returns 64 uniformly distributed random bits. Called
** only by math.random, and only as many times as the drawing needs. */
typedef uint64_t (*mp_rng_fn)(void *ud);

/* Where print() writes. 'text' is one whole line including its '\n' and
** is not NUL-terminated. */
typedef void (*mp_print_fn)(void *ud, const char *text, size_t len);

/* Creates a sandbox. 'limits' may be NULL (defaults). 'rng' may be NULL,
** then math.random raises an error. Returns NULL if memory is short. */
mp_sandbox *mp_sandbox_new(const mp_sandbox_limits *limits, mp_rng_fn rng,
                           void *rng_ud);

/* Closes the lua_State and frees everything. NULL is ignored. */
void mp_sandbox_free(mp_sandbox *sb);

/* The state, for the host to push arguments, read results and register
** its own API. The host must run scripts only through mp_sandbox_run()
** and mp_sandbox_call(): a plain lua_pcall() runs without the budget and
** the cap. It must not replace the allocator or the extra space. */
lua_State *mp_sandbox_lua(mp_sandbox *sb);

/* Loads a text chunk (binary chunks are refused) with a fresh global
** environment and runs it under the budget. 'chunkname' is Lua's: use
** "@scripts/base.lua" so messages read "scripts/base.lua:3: ...".
** On success pushes the environment table, then the chunk's 'nresults'
** results (LUA_MULTRET allowed): the host finds the functions a script
** defined in its environment. On failure pushes nothing. Reading a
** missing field of the environment from C (lua_getfield) gives nil; from
** the script it is an error. */
int mp_sandbox_run(mp_sandbox *sb, const char *chunkname, const char *code,
                   size_t len, int nresults);

/* The same, with the entries of the table at the top of the stack (which
** it pops) set in the chunk's environment first: the names a host gives
** one script, such as its declaration API. */
int mp_sandbox_run_with(mp_sandbox *sb, const char *chunkname, const char *code,
                        size_t len, int nresults);
/* Calls the function at stack index -(nargs+1) with the 'nargs' values
** above it, like lua_pcall(L, nargs, nresults, 0), with a fresh
** instruction budget. On success the results replace function and
** arguments; on failure function and arguments are popped and nothing is
** pushed. A call made from inside a running script (a host C function
** calling back into Lua) shares the outer call's budget instead. */
int mp_sandbox_call(mp_sandbox *sb, int nargs, int nresults);

/* The same, naming the script 'name' (its short source, as Lua prints
** it) in messages that have no better location, so the call does not
** look the name up: the hot path of hooks the flow calls directly. */
int mp_sandbox_call_named(mp_sandbox *sb, int nargs, int nresults, const char *name);

/* The hottest path, a hook's call (no results): the message handler that
** puts file:line on errors is already on the stack at index 'handler'
** (pushed once with mp_sandbox_push_handler for many calls), so the call
** moves nothing on the stack; 'name' is used as mp_sandbox_call_named's. */
void mp_sandbox_push_handler(mp_sandbox *sb);
int mp_sandbox_call_with(mp_sandbox *sb, int nargs, int handler, const char *name);
/* The same for a hook that answers: its nresults results are left on
** the stack when the call succeeds. */
int mp_sandbox_call_with_results(mp_sandbox *sb, int nargs, int nresults, int handler, const char *name);

/* Inside a running mp_sandbox_call*, from the host's C code between two
** script functions it calls there (lua_call): what ran so far counts
** against the turn and the game, and the next function gets a fresh call
** budget and clock, named 'name' in messages (alive until the call
** returns). No effect inside a nested call. */
void mp_sandbox_renew(mp_sandbox *sb, const char *name);

/* The one-line message of the last failure, "" if none. Valid until the
** next call on 'sb'. */
const char *mp_sandbox_error(const mp_sandbox *sb);

/* Bytes the lua_State holds right now (Lua's own accounting, including
** garbage not yet collected). */
size_t mp_sandbox_memory(const mp_sandbox *sb);

/* Makes the value at the top of the stack a global visible to every
** script, and pops it. A table is exposed through a read-only proxy that
** also wraps the tables nested in it (the host keeps its own reference
** and may still change them; scripts see the changes). Fails with
** MP_SANDBOX_EINVAL if 'name' is already a global of the sandbox. */
int mp_sandbox_expose(mp_sandbox *sb, const char *name);

/* Pushes a new table onto L (the sandbox's state): the name of every
** global scripts see (the library, the sandbox's own functions such as
** memo, what the host exposed) -> its type name. The names only: the
** globals stay out of the caller's reach. Raises on a memory error, so
** call it from a lua_CFunction. tests/lua/stubs_test.lua checks the
** editor stubs (bindings/meta/sandbox.lua) against it. */
void mp_sandbox_push_globals(mp_sandbox *sb, lua_State *L);

/* Seals the script environment at the top of the stack (as returned by
** mp_sandbox_run) and pops it: its globals keep their values and any
** assignment to a global raises "assignment to global 'x' after
** loading". Hosts seal once the rules are loaded, so that no game depends
** on what an earlier game left in a global. */
int mp_sandbox_seal(mp_sandbox *sb);

/* Fresh script state for every game (sandbox_fresh.c). Once the rules
** are built, mp_sandbox_snapshot takes two lists from the stack (pushed
** in this order, both popped): 'roots', the script environments (as
** mp_sandbox_run returned them), and 'holders', host tables searched for
** the script functions they keep (hooks, formulas). It pushes a snapshot
** (a table, the host keeps it) of every upvalue of every script function
** reachable from them and of the contents and metatable of every table
** those reach. mp_sandbox_restore(sb, L, idx) puts the snapshot at idx of
** L (the sandbox's state or one of its threads) back,
** in place, before a game: whatever a game left in a script's locals or
** tables is gone, so no game depends on the games played before it in
** the same process. Both return MP_SANDBOX_OK, or EINVAL / EMEMORY with
** mp_sandbox_error set. */
int mp_sandbox_snapshot(mp_sandbox *sb);
/* The scripts' memos made since the last call (memo(fn), sandbox_memo.c)
** get the value at idx of L (the rules just built) as the first
** argument of their function. */
void mp_sandbox_bind_memos(mp_sandbox *sb, lua_State *L, int idx);
int mp_sandbox_restore(mp_sandbox *sb, lua_State *L, int idx);

/* Changes the limits; NULL or zero fields restore the defaults. A lower
** cap than the memory in use makes the next growing allocation fail. */
void mp_sandbox_set_limits(mp_sandbox *sb, const mp_sandbox_limits *limits);
void mp_sandbox_get_limits(const mp_sandbox *sb, mp_sandbox_limits *limits);

/* Redirects print(); NULL restores the default (stderr). */
void mp_sandbox_set_print(mp_sandbox *sb, mp_print_fn fn, void *ud);

#ifdef __cplusplus
}
#endif

#endif
