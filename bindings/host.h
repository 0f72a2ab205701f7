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

/* NULL if memory is short. limits may be NULL (defaults). */
mp_host *mp_host_new(const mp_sandbox_limits *limits);
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
/* Adds the state keeper's functions (state_blobs.c) to the table on top. */
void mp_state_blobs_open(lua_State *L);
/* ctx_fields.c: meeple_host.ctx_index, the C reader of ctx's lazy fields */
void mp_ctx_fields_open(lua_State *L);
/* state_write.c: meeple_host.state_writer, a live state's writes in C */
void mp_state_write_open(lua_State *L);
/* The state keeper keeps g's state; slot (0-based, -1: none) is stale. */
void mp_state_mark_stale(lua_State *L, gk_game *g, int slot);
/* meeple_host.call from C: calls the function below nargs arguments
** under the sandbox (see mp_sandbox_call_named); MP_SANDBOX_* and, on
** failure, mp_sandbox_error(mp_host_sandbox(host)). */
int mp_host_call(mp_host *host, int nargs, int nresults, const char *name);

#endif
