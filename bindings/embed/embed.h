/*
** embed.h: the Lua modules compiled into the meeple executable. The
** table itself is generated at build time (bindings/cmake/embed_lua.cmake).
*/
#ifndef EMBED_H
#define EMBED_H

#include <stddef.h>

typedef struct mp_embedded {
  const char *name;       /* module name for require, e.g. "meeple.tiles" */
  const char *chunkname;  /* "@meeple/tiles.lua", for error messages */
  const unsigned char *code;
  size_t size;
} mp_embedded;

/* Ends with an entry whose name is NULL. */
extern const mp_embedded mp_embedded_modules[];

/* meeple_lua_preload with "meeple" opened by opener (preload.c); in a
** sandbox's state (sb, else NULL) each embedded module is trusted as host
** code (mp_sandbox_trust) when it loads. */
struct lua_State;
struct mp_sandbox;
struct mp_sandbox_limits;
struct mp_host;
void mp_preload_modules(struct lua_State *L, struct mp_sandbox *sb, int (*opener)(struct lua_State *));
/* mp_host_new with "meeple" opened by opener (preload.c). */
struct mp_host *mp_host_open(const struct mp_sandbox_limits *limits, int (*opener)(struct lua_State *));

/* The module table's openers of this layer (module.c calls them). */
/* meeple.load, replay, simulate; their games' hosts open "meeple" with
** opener (module.c passes luaopen_meeple) */
void mp_open_session(struct lua_State *L, int (*opener)(struct lua_State *));
void mp_open_sqlite(struct lua_State *L);

#endif
