/*
** host.h: the lua_State a game's scripts live in, sandbox and trusted
** host code side by side (see host.c).
*/
#ifndef MP_HOST_H
#define MP_HOST_H

#include <lua.h>

#include "sandbox.h"

typedef struct mp_host mp_host;

/* NULL if memory is short. limits may be NULL (defaults). */
mp_host *mp_host_new(const mp_sandbox_limits *limits);
lua_State *mp_host_lua(mp_host *host);
mp_sandbox *mp_host_sandbox(mp_host *host);
void mp_host_free(mp_host *host);

#endif
