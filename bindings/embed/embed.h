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

/* meeple_lua_preload for a sandbox's own state: each embedded module is
** trusted as host code (mp_sandbox_trust) when it loads. */
struct lua_State;
struct mp_sandbox;
void meeple_lua_preload_trusted(struct lua_State *L, struct mp_sandbox *sb);

/* The module table's openers of this layer (module.c calls them). */
void mp_open_session(struct lua_State *L); /* meeple.load, replay, simulate */
void mp_open_sqlite(struct lua_State *L);

#endif
