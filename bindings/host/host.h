/*
** host.h: the lua_State a game's scripts live in, sandbox and trusted
** host code side by side (see host.c).
*/
#ifndef MP_HOST_H
#define MP_HOST_H

#include <lua.h>

#include "gk.h"
#include "sandbox.h"

typedef struct mp_host mp_host;

/* A host whose scripts can load the meeple modules: mp_host_create,
** then the embedded modules preloaded as trusted host code and the
** hooks' functions (ctx fields, hook profile) added to meeple_host.
** Defined by the layer that has them all, embed/embed.c. NULL if memory
** is short. limits may be NULL (defaults). */
mp_host *mp_host_new(const mp_sandbox_limits *limits);
/* The host alone: the sandbox, the host's own standard libraries and
** the global meeple_host (run, call, use_game, seal, the state keeper);
** no module is loadable yet. */
mp_host *mp_host_create(const mp_sandbox_limits *limits);
lua_State *mp_host_lua(mp_host *host);
mp_sandbox *mp_host_sandbox(mp_host *host);
void mp_host_free(mp_host *host);

/* The host whose state L is, or NULL (a state without one). */
mp_host *mp_host_of(lua_State *L);
/* meeple_host.use_game from C: the game view at stack index idx (0:
** none) is the one math.random draws from and whose turn and game the
** sandbox's budgets count for. */
void mp_host_lend(mp_host *host, lua_State *L, int idx);
/* The same for a caller that keeps the game's view alive itself while
** it is lent (the flow's direct hook calls): no registry entry, no type
** check. g NULL: lent to nobody. */
void mp_host_lend_game(mp_host *host, gk_game *g);
/* The game lent now, or NULL. */
gk_game *mp_host_lent(mp_host *host);
/* Puts back the scripts' state after loading (the snapshot at idx of L,
** from meeple_host.snapshot; nil: nothing) before a game: see
** mp_sandbox_restore, whose status it returns. */
int mp_host_fresh(lua_State *L, int idx);
/* Adds the state keeper's functions (state_blobs.c) to the table on top. */
void mp_state_blobs_open(lua_State *L);
/* state_write.c: meeple_host.state_writer, a live state's writes in C */
void mp_state_write_open(lua_State *L);
/* state_entry.c: one script's live state in one game
** (meeple.loader.state_live's entry). Lua indexes it by these keys; the
** undo log (store, key, old value triples) and the root are user values. */
enum { MP_ENTRY_KEY = 1, MP_ENTRY_SLOT, MP_ENTRY_EPOCH, MP_ENTRY_LOG, MP_ENTRY_COUNT,
       MP_ENTRY_LIVE, MP_ENTRY_STALE, MP_ENTRY_ROOT };
enum { MP_ENTRY_UV_LOG = 1, MP_ENTRY_UV_ROOT, MP_ENTRY_UV_COUNT = MP_ENTRY_UV_ROOT };
typedef struct mp_state_entry {
  gk_game *key;       /* the game (its lightuserdata key), NULL: none */
  lua_Integer slot;   /* its blob slot, from 1 */
  lua_Integer epoch;  /* the game's epoch at the newest write */
  lua_Integer count;  /* log[1..count] are the writes of that epoch; the
                      ** slots past count are stale, never read */
  int live, stale;    /* the game still has it; its blob is stale */
} mp_state_entry;
/* The entry at idx, or NULL if it is not one. */
mp_state_entry *mp_state_entry_of(lua_State *L, int idx);
/* Adds meeple_host.state_entry to the table on top. */
void mp_state_entry_open(lua_State *L);
/* The state keeper keeps g's state; slot (0-based, -1: none) is stale. */
void mp_state_mark_stale(lua_State *L, gk_game *g, int slot);
/* meeple_host.call from C: calls the function below nargs arguments
** under the sandbox (see mp_sandbox_call_named); MP_SANDBOX_* and, on
** failure, mp_sandbox_error(mp_host_sandbox(host)). */
int mp_host_call(mp_host *host, int nargs, int nresults, const char *name);

#endif
